/**
 * The phone's camera for the QR scanner: `getUserMedia` with the rear camera preferred (Media Capture
 * and Streams §7.1, facingMode "environment" as an ideal, so a laptop's only camera still works), its
 * frames read by the browser's BarcodeDetector (WICG Shape Detection API) where there is one, else by
 * the decoder of lib/qr-code.ts, loaded on demand.
 */
import { readQr } from '../../lib/qr-code';

export type CameraProblem = 'refused' | 'no-camera';

/** Milliseconds between two frames read: a few a second find a code at once and spare the battery. */
const FRAME_INTERVAL_MS = 200;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

/** Media Capture and Streams §9.2.1: NotAllowedError when refused (by the person or a policy), else no usable camera. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'no-camera';
}

async function makeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (
    globalThis as { BarcodeDetector?: DetectorConstructor & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** Reads the video's frames until `onText` accepts one's code (returns true) or `signal` aborts. */
export async function scanFrames(
  video: HTMLVideoElement,
  onText: (text: string) => boolean,
  signal: AbortSignal,
): Promise<void> {
  const detector = await makeDetector();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
    if (signal.aborted || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) continue;
    let text: string | undefined;
    if (detector) text = (await detector.detect(video).catch(() => []))[0]?.rawValue;
    else if (context) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      text = await readQr(context.getImageData(0, 0, canvas.width, canvas.height));
    }
    if (text && !signal.aborted && onText(text)) return;
  }
}
