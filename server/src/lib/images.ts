/**
 * The one wrapper around sharp (libvips): decoding, resizing and re-encoding images. Everything
 * it writes is WebP without metadata, so no EXIF GPS position or camera serial of an upload is
 * ever served back.
 */
import sharp, { type Sharp } from 'sharp';

// Each image is processed once and written to disk: libvips' operation cache would only hold memory.
sharp.cache(false);

/** The bytes could not be decoded as an image of the expected kind (truncated, corrupt, a bomb). */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError';
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

const WEBP_QUALITY = 82;

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  try {
    const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Decodes an upload (its first frame, for an animated GIF or WebP), turns it upright by its EXIF
 * orientation, fits it within `maxSidePx` (never enlarging), and re-encodes it as WebP.
 * `expectedFormat` is what the magic bytes said: a file whose decoder disagrees is refused. An image
 * of more than `maxInputPixels` is refused before it is decoded (a decompression bomb).
 */
export async function normalizeImage(
  input: Uint8Array,
  expectedFormat: string,
  maxSidePx: number,
  maxInputPixels: number,
): Promise<EncodedImage> {
  const image = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
  if (format !== expectedFormat) throw new ImageDecodeError(`content is ${String(format)}, not ${expectedFormat}`);
  return encode(
    image.rotate().resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true }),
  );
}

/** An image `widthPx` wide (never enlarged), its height in proportion, as WebP. */
export function resizeImage(input: Uint8Array, widthPx: number, maxInputPixels: number): Promise<EncodedImage> {
  return encode(
    sharp(input, { limitInputPixels: maxInputPixels }).resize({ width: widthPx, withoutEnlargement: true }),
  );
}

/** Width and height of an encoded image, for tests and checks. */
export async function imageDimensions(input: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(input).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? 'unknown' };
}

/** A plain image of one colour, encoded as `format`: for tests and demo data. */
export function solidImage(
  widthPx: number,
  heightPx: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif',
): Promise<Buffer> {
  return sharp({ create: { width: widthPx, height: heightPx, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * Renders an SVG of our own (never an upload) as a PNG of `widthPx` by `heightPx` (square unless told),
 * for where SVG is not accepted (FedCM's branding icon) and for the demo's pictures.
 */
export async function svgToPng(svg: string, widthPx: number, heightPx = widthPx): Promise<Buffer> {
  // Drawn at the density that makes its view box at least as wide as asked, then resized down: sharp
  // reads an SVG's user unit as a pixel at 72 dpi.
  const viewWidth = Number(/viewBox="[\d.-]+ [\d.-]+ ([\d.]+) /.exec(svg)?.[1] ?? 32);
  return sharp(Buffer.from(svg), { density: 72 * Math.ceil(widthPx / viewWidth) })
    .resize(widthPx, heightPx)
    .png()
    .toBuffer();
}
