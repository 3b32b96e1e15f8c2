/**
 * Reading the complaint form (multipart/form-data, docs/api.md, Complaints): the text fields checked
 * as the contract says, each attachment checked by its content (lib/attachment-type.ts) and its size.
 * Every problem is reported at once, each with its field, as a JSON body's are.
 */
import type { Context } from 'hono';
import {
  COMPLAINT_ATTACHMENT_MAX_BYTES,
  COMPLAINT_ATTACHMENTS_MAX,
  COMPLAINT_CATEGORY_VALUES,
  COMPLAINT_SUBJECT_MAX_LENGTH,
  COMPLAINT_TEXT_MAX_LENGTH,
  type ComplaintForm,
} from '../../contract/complaints.js';
import type { ErrorItem } from '../../contract/errors.js';
import { ApiError } from '../../lib/api-error.js';
import { formParts, readMultipartBody, shownFileName } from '../../lib/form-body.js';
import { attachmentTypeOf, type AttachmentMediaType } from '../../lib/attachment-type.js';
import { parseWith, requestSchema, v } from '../../lib/validation.js';

/** Room for the boundaries and part headers around the files and fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const COMPLAINT_BODY_MAX_BYTES =
  COMPLAINT_ATTACHMENTS_MAX * COMPLAINT_ATTACHMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
/** A file's name is shown only; longer ones are cut. */
const ATTACHMENT_NAME_MAX_LENGTH = 120;

const requiredText = (max: number) =>
  v.pipe(
    v.string('field_required'),
    v.transform((value: string) => value.trim()),
    v.minLength(1, 'field_required'),
    v.maxLength(max, 'field_too_long'),
  );

const fieldsSchema = requestSchema<ComplaintForm>()(
  v.strictObject({
    category: v.picklist(COMPLAINT_CATEGORY_VALUES, 'invalid_category'),
    subject: requiredText(COMPLAINT_SUBJECT_MAX_LENGTH),
    text: requiredText(COMPLAINT_TEXT_MAX_LENGTH),
    request_id: v.optional(v.pipe(v.string('request_id_error'), v.maxLength(200, 'request_id_error'))),
  }),
);

export interface UploadedAttachment {
  name: string;
  mediaType: AttachmentMediaType;
  data: Uint8Array;
}

export interface ReadComplaintForm {
  fields: ComplaintForm;
  attachments: UploadedAttachment[];
}

/** A name to show: no path, no control characters, not empty. */
function shownName(name: string, mediaType: AttachmentMediaType): string {
  const base = shownFileName(name);
  return (base || `attachment.${mediaType.split('/')[1]}`).slice(0, ATTACHMENT_NAME_MAX_LENGTH);
}

export async function readComplaintForm(c: Context): Promise<ReadComplaintForm> {
  const { texts, files, problems } = formParts(await readMultipartBody(c), 'attachment', 'invalid_attachment_type');
  if (files.length > COMPLAINT_ATTACHMENTS_MAX) problems.push({ error: 'too_many_attachments', field: 'attachment' });
  const attachments: UploadedAttachment[] = [];
  for (const file of files.slice(0, COMPLAINT_ATTACHMENTS_MAX)) {
    if (file.size > COMPLAINT_ATTACHMENT_MAX_BYTES) {
      problems.push({ error: 'file_too_large', field: 'attachment' });
      continue;
    }
    const data = new Uint8Array(await file.arrayBuffer());
    const mediaType = attachmentTypeOf(data);
    if (!mediaType) problems.push({ error: 'invalid_attachment_type', field: 'attachment' });
    else attachments.push({ name: shownName(file.name, mediaType), mediaType, data });
  }
  let fields: ComplaintForm | undefined;
  try {
    fields = parseWith(fieldsSchema, texts);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problems.unshift(...error.items);
  }
  if (problems.length > 0 || !fields) throw new ApiError(400, dedupe(problems));
  return { fields, attachments };
}

function dedupe(items: ErrorItem[]): ErrorItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = `${item.field ?? ''}:${item.error}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
