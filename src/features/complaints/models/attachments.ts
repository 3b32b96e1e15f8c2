/**
 * The files a complaint may carry, checked in the browser as the server checks them (docs/api.md,
 * Complaints): each a document of lib/document-file.ts (a picture or a PDF, at most 5 MB), at most 3.
 */
import {
  COMPLAINT_ATTACHMENTS_MAX,
  COMPLAINT_ATTACHMENT_MAX_BYTES,
} from '../../../../server/src/contract/complaints.js';
import { documentProblem, type DocumentProblem } from '../../../lib/document-file';

export type AttachmentProblem = DocumentProblem | 'too_many_attachments';

/** The error key refusing one file, or null when the server would take it. */
export const attachmentProblem = (file: Pick<File, 'type' | 'size'>) =>
  documentProblem(file, COMPLAINT_ATTACHMENT_MAX_BYTES);

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
