/**
 * What a complaint's attachment is, by its first bytes (lib/image-type.ts for the pictures), never by
 * its name or declared type, which the client writes. A PDF starts with `%PDF-` (ISO 32000-1 §7.5.2,
 * the file header). Anything else (HTML, SVG, a script renamed .png) is refused.
 */
import { imageTypeOf } from './image-type.js';

export type AttachmentMediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'application/pdf';

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];

export function attachmentTypeOf(bytes: Uint8Array): AttachmentMediaType | null {
  const image = imageTypeOf(bytes);
  if (image) return `image/${image}`;
  if (bytes.length > PDF_HEADER.length && PDF_HEADER.every((byte, i) => bytes[i] === byte)) return 'application/pdf';
  return null;
}
