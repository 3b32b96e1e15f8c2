/**
 * The files a complaint may carry, checked in the browser as the server checks them (docs/api.md,
 * Complaints): a picture or a PDF, at most 5 MB each, at most 3. The server decides by the file's
 * first bytes; the browser can only read the declared type, so this check saves a round trip and
 * the server's keys stay the last word.
 */
import {
  COMPLAINT_ATTACHMENTS_MAX,
  COMPLAINT_ATTACHMENT_MAX_BYTES,
} from '../../../../server/src/contract/complaints.js';

export const ATTACHMENT_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
];

export type AttachmentProblem = 'invalid_attachment_type' | 'file_too_large' | 'too_many_attachments';

/** The error key refusing one file, or null when the server would take it. */
export function attachmentProblem(file: Pick<File, 'type' | 'size'>): AttachmentProblem | null {
  if (!ATTACHMENT_TYPES.includes(file.type)) return 'invalid_attachment_type';
  return file.size > COMPLAINT_ATTACHMENT_MAX_BYTES ? 'file_too_large' : null;
}

/** The files kept after a pick: the good ones up to the limit, and the key of the first refused, if any. */
export function addAttachments<T extends Pick<File, 'type' | 'size'>>(
  current: readonly T[],
  picked: readonly T[],
): { files: T[]; problem: AttachmentProblem | null } {
  const files = [...current];
  let problem: AttachmentProblem | null = null;
  for (const file of picked) {
    const refused = attachmentProblem(file);
    if (refused) problem ??= refused;
    else if (files.length >= COMPLAINT_ATTACHMENTS_MAX) problem ??= 'too_many_attachments';
    else files.push(file);
  }
  return { files, problem };
}

/** "2.4 MB", "830 KB": a file's size for its line in the list. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
