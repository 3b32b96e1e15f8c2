/**
 * A multipart/form-data body (RFC 7578) of one file field, built byte for byte, for tests that send
 * an upload over a socket of their own rather than through fetch's FormData.
 */
export interface FilePart {
  boundary: string;
  /** The form field's name. */
  field: string;
  filename: string;
  type: string;
  data: Uint8Array;
}

/** The body, closing boundary included; its content type is `multipart/form-data; boundary=<boundary>`. */
export function filePartBody({ boundary, field, filename, type, data }: FilePart): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A body with one file part `photo` of `bytes` bytes that start like a JPEG (its SOI marker FF D8 FF). */
export function jpegPhotoBody(boundary: string, bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  file[0] = 0xff;
  file[1] = 0xd8;
  file[2] = 0xff;
  return filePartBody({ boundary, field: 'photo', filename: 'big.jpg', type: 'image/jpeg', data: file });
}
