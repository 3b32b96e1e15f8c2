/**
 * The crop of a chosen photo, loaded only once a file is chosen: a square frame to drag the image in
 * (or move it with the arrow keys; + and − zoom), a zoom slider, and a round preview of what will be
 * saved. Nothing is sent from here: `onCrop` hands the page a `render` that draws the square on a
 * canvas when Save is pressed.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../../lib/use-i18n';
import { CROP_MAX_ZOOM, cropSource, initialCrop, moveCrop, zoomCrop, type Crop } from '../models/crop';

/** The frame's side in CSS px: fits a 375 px phone with the page's margins. */
const FRAME_PX = 280;
const PREVIEW_PX = 96;
/** A key press moves this far (ten times with Shift) and zooms this much. */
const KEY_STEP_PX = 8;
const KEY_ZOOM_STEP = 0.1;

/**
 * The chosen file decoded without an address for it: the page's policy (CSP img-src) lets no blob: URL
 * in, and a bitmap needs none. Turned upright by its EXIF orientation (createImageBitmap's default).
 */
type Picture = ImageBitmap;

function draw(image: Picture, crop: Crop, canvas: HTMLCanvasElement, side: number): void {
  const { sx, sy, size } = cropSource(crop);
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, size, size, 0, 0, side, side);
}

/** The crop as an image file the upload takes: JPEG stays JPEG, anything else (transparency) PNG. */
function render(image: Picture, crop: Crop, sourceType: string): Promise<File> {
  const canvas = document.createElement('canvas');
  draw(image, crop, canvas, cropSource(crop).output);
  const type = sourceType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], type === 'image/jpeg' ? 'photo.jpg' : 'photo.png', { type }))
          : reject(new Error('the canvas made no image')),
      type,
      0.92,
    ),
  );
}

export default function PhotoCrop(props: {
  file: File;
  onCrop: (render: () => Promise<File>) => void;
  onUnreadable: () => void;
}) {
  const i18n = useI18n();
  const hintId = useId();
  const zoomId = useId();
  const [image, setImage] = useState<Picture | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const shown = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const { onCrop, onUnreadable, file } = props;

  useEffect(() => {
    let live = true;
    let decoded: Picture | null = null;
    createImageBitmap(file)
      .then((bitmap) => {
        decoded = bitmap;
        if (!live) return;
        setImage(bitmap);
        setCrop(initialCrop(bitmap.width, bitmap.height, FRAME_PX));
      })
      .catch(() => live && onUnreadable());
    return () => {
      live = false;
      decoded?.close();
    };
  }, [file, onUnreadable]);

  useEffect(() => {
    if (!image || !crop) return;
    // The frame is drawn at the screen's pixel density, so the photo is sharp while it is placed.
    if (shown.current) draw(image, crop, shown.current, Math.round(FRAME_PX * (window.devicePixelRatio || 1)));
    if (preview.current) draw(image, crop, preview.current, PREVIEW_PX);
    onCrop(() => render(image, crop, file.type));
  }, [image, crop, file, onCrop]);

  const move = (dx: number, dy: number) => setCrop((now) => (now ? moveCrop(now, dx, dy) : now));
  const zoom = (next: number) => setCrop((now) => (now ? zoomCrop(now, next) : now));

  function onKey(event: KeyboardEvent) {
    const step = event.shiftKey ? KEY_STEP_PX * 10 : KEY_STEP_PX;
    // The arrow moves the view: → shows more of the right, so the image goes left.
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const by = moves[event.key];
    if (by) move(...by);
    else if ((event.key === '+' || event.key === '=') && crop) zoom(crop.zoom + KEY_ZOOM_STEP);
    else if ((event.key === '-' || event.key === '−') && crop) zoom(crop.zoom - KEY_ZOOM_STEP);
    else return;
    event.preventDefault();
  }

  return (
    <div className="photo-crop">
      <div
        className="photo-crop-frame"
        style={{ width: FRAME_PX, height: FRAME_PX }}
        role="group"
        tabIndex={0}
        aria-label={i18n.t('photo_crop_area')}
        aria-describedby={hintId}
        onKeyDown={onKey}
        onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          dragFrom.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerMove={(event) => {
          const from = dragFrom.current;
          if (!from) return;
          dragFrom.current = { x: event.clientX, y: event.clientY };
          move(event.clientX - from.x, event.clientY - from.y);
        }}
        onPointerUp={() => (dragFrom.current = null)}
        onPointerCancel={() => (dragFrom.current = null)}
      >
        <canvas ref={shown} className="photo-crop-canvas" />
        <span className="photo-crop-mask" aria-hidden="true" />
      </div>
      <p id={hintId} className="field-hint">
        {i18n.t('photo_crop_hint')}
      </p>
      <div className="field">
        <label htmlFor={zoomId}>{i18n.t('photo_zoom')}</label>
        <input
          id={zoomId}
          className="photo-crop-zoom"
          type="range"
          min={1}
          max={CROP_MAX_ZOOM}
          step={0.01}
          value={crop?.zoom ?? 1}
          aria-valuetext={`${Math.round((crop?.zoom ?? 1) * 100)}%`}
          onChange={(event) => zoom(Number(event.target.value))}
        />
      </div>
      <figure className="photo-crop-preview">
        <canvas ref={preview} width={PREVIEW_PX} height={PREVIEW_PX} role="img" aria-label={i18n.t('photo_preview')} />
        <figcaption>{i18n.t('photo_preview')}</figcaption>
      </figure>
    </div>
  );
}
