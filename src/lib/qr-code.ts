/**
 * The wrapper of `qr` (paulmillr/qr: an encoder and a decoder with no dependencies). Both halves are
 * loaded on demand, so no route pays for them until a QR is drawn (the /validation app link, Login's
 * QR step) or read (the phone's scanner without the browser's BarcodeDetector).
 */

/**
 * The modules of `text`'s QR (true is dark) with its quiet zone of four light modules (ISO/IEC 18004
 * §6.3.8) around them; error correction M: a screen, not a printed label.
 */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { encodeQR } = await import('qr');
  return encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
}

/** Pixels as the canvas gives them (RGBA, row by row). */
export interface QrFrame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The text of the QR in `frame`, or undefined when none is found there. */
export async function readQr(frame: QrFrame): Promise<string | undefined> {
  const { decodeQR } = await import('qr/decode.js');
  try {
    return decodeQR({ width: frame.width, height: frame.height, data: frame.data });
  } catch {
    // The decoder throws when a frame holds no readable code: the camera's next frame is tried.
    return undefined;
  }
}
