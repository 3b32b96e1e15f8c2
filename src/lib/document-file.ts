/**
 * A document a form sends (a complaint's attachment, a company claim's proof), checked in the browser
 * as the server checks it (server/src/lib/attachment-type.ts): a picture or a PDF, at most a size. The
 * server decides by the file's first bytes; the browser can only read the declared type, so this
 * check saves a round trip and the server's keys stay the last word.
 */

export const DOCUMENT_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
];

export type DocumentProblem = 'invalid_attachment_type' | 'file_too_large';

/** The error key refusing one file, or null when the server would take it. */
export function documentProblem(file: Pick<File, 'type' | 'size'>, maxBytes: number): DocumentProblem | null {
  if (!DOCUMENT_TYPES.includes(file.type)) return 'invalid_attachment_type';
  return file.size > maxBytes ? 'file_too_large' : null;
}

/** "2.4 MB", "830 KB": a file's size for its line in a list. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
