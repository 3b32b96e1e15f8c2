/**
 * The square crop of a photo, as numbers: the image covers a square frame of `frame` px; the person
 * drags it (moves) and zooms it (1× is the image's shorter side filling the frame, up to `CROP_MAX_ZOOM`×),
 * and it never leaves a gap in the frame. `cropSource` is the square of the image's own pixels that
 * the frame shows: what the canvas draws and uploads. Pure: the crop screen holds the state.
 */

export const CROP_MAX_ZOOM = 4;
/** The side of the uploaded square, at most: the server keeps 1024 px (docs/api.md, POST /user/photo/). */
export const CROP_OUTPUT_MAX_PX = 1024;

export interface Crop {
  /** The image's own size, in its pixels. */
  width: number;
  height: number;
  /** The frame's side, in CSS px. */
  frame: number;
  zoom: number;
  /** Where the image's top-left corner is, relative to the frame's, in CSS px (0 or less). */
  x: number;
  y: number;
}

/** CSS px per image pixel. */
export const cropScale = (crop: Crop): number => (crop.frame / Math.min(crop.width, crop.height)) * crop.zoom;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The image kept over the whole frame: no offset past an edge. */
function keepCovered(crop: Crop): Crop {
  const scale = cropScale(crop);
  return {
    ...crop,
    x: clamp(crop.x, crop.frame - crop.width * scale, 0),
    y: clamp(crop.y, crop.frame - crop.height * scale, 0),
  };
}

/** The image centred in the frame at 1×. */
export function initialCrop(width: number, height: number, frame: number): Crop {
  const scale = frame / Math.min(width, height);
  return { width, height, frame, zoom: 1, x: (frame - width * scale) / 2, y: (frame - height * scale) / 2 };
}

/** Dragged by (dx, dy) CSS px. */
export function moveCrop(crop: Crop, dx: number, dy: number): Crop {
  return keepCovered({ ...crop, x: crop.x + dx, y: crop.y + dy });
}

/** Zoomed to `zoom` about the frame's centre: the point in the middle stays in the middle. */
export function zoomCrop(crop: Crop, zoom: number): Crop {
  const next = clamp(zoom, 1, CROP_MAX_ZOOM);
  const before = cropScale(crop);
  const centre = crop.frame / 2;
  // The image point under the centre, in image pixels, before and after.
  const pointX = (centre - crop.x) / before;
  const pointY = (centre - crop.y) / before;
  const after = cropScale({ ...crop, zoom: next });
  return keepCovered({ ...crop, zoom: next, x: centre - pointX * after, y: centre - pointY * after });
}

/** The square of the image's pixels the frame shows, and the side of the square to upload. */
export function cropSource(crop: Crop): { sx: number; sy: number; size: number; output: number } {
  const scale = cropScale(crop);
  const size = crop.frame / scale;
  return {
    sx: (0 - crop.x) / scale,
    sy: (0 - crop.y) / scale,
    size,
    output: Math.max(1, Math.min(CROP_OUTPUT_MAX_PX, Math.round(size))),
  };
}
