/**
 * The wrapper of `qr` (paulmillr/qr: an encoder and a decoder with no dependencies). Both halves are
 * loaded on demand, so no route pays for them until a QR is drawn (the /validation app link, Login's
 * QR step) or read (the phone's scanner without the browser's BarcodeDetector).
 */

/** The modules of `text`'s QR (true is dark), error correction M: a screen, not a printed label. */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { encodeQR } = await import('qr');
  // The library refuses a code without its quiet zone (border 0 throws): it draws a ring of one module,
  // taken off here; the component draws the zone of its own.
  const ringed = encodeQR(text, 'raw', { ecc: 'medium', border: 1 });
  return ringed.slice(1, -1).map((row) => row.slice(1, -1));
}

/** Pixels as the canvas gives them (RGBA, row by row). */
export interface QrFrame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The text of the QR in `frame`, or undefined when none is found there. */
export async function readQr(frame: QrFrame): Promise<string | undefined> {
  const { default: decodeQR } = await import('qr/decode.js');
  try {
    return decodeQR({ width: frame.width, height: frame.height, data: frame.data });
  } catch {
    // The decoder throws when a frame holds no readable code: the camera's next frame is tried.
    return undefined;
  }
}
