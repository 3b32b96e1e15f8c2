/**
 * Reading a company claim (multipart/form-data, docs/api.md, Reviews): the name, the taxpayer number
 * (contract/reviews.ts) and an optional category, and exactly one `proof` file checked by its content
 * (lib/attachment-type.ts: a picture or a PDF) and its size. Every problem is reported at once.
 */
import type { Context } from 'hono';
import {
  CLAIM_PROOF_MAX_BYTES,
  COMPANY_NAME_MAX_LENGTH,
  taxpayerNumber,
  type CompanyClaimForm,
} from '../../contract/reviews.js';
import { ApiError } from '../../lib/api-error.js';
import { attachmentTypeOf, type AttachmentMediaType } from '../../lib/attachment-type.js';
import { formParts, readMultipartBody, shownFileName } from '../../lib/form-body.js';
import { parseWith, requestSchema, v } from '../../lib/validation.js';
import { trimmedText } from './review-fields.js';

/** Room for the boundaries and part headers around the file and the fields. */
export const CLAIM_BODY_MAX_BYTES = CLAIM_PROOF_MAX_BYTES + 64 * 1024;
const CATEGORY_MAX_LENGTH = 60;
const PROOF_NAME_MAX_LENGTH = 120;

const fieldsSchema = requestSchema<CompanyClaimForm>()(
  v.strictObject({
    name: trimmedText(1, COMPANY_NAME_MAX_LENGTH),
    taxpayer_number: v.pipe(
      v.string('taxpayer_number_invalid'),
      v.maxLength(20, 'taxpayer_number_invalid'),
      v.check((value) => taxpayerNumber(value) !== null, 'taxpayer_number_invalid'),
    ),
    category: v.optional(trimmedText(0, CATEGORY_MAX_LENGTH)),
  }),
);

export interface ReadClaimForm {
  fields: CompanyClaimForm & { taxpayer_number: string };
  proof: { name: string; mediaType: AttachmentMediaType; data: Uint8Array };
}

export async function readClaimForm(c: Context): Promise<ReadClaimForm> {
  const { texts, files, problems } = formParts(await readMultipartBody(c), 'proof', 'claim_proof_required');
  let proof: ReadClaimForm['proof'] | undefined;
  const [file] = files;
  if (!file || files.length > 1) problems.push({ error: 'claim_proof_required', field: 'proof' });
  else if (file.size > CLAIM_PROOF_MAX_BYTES) problems.push({ error: 'file_too_large', field: 'proof' });
  else {
    const data = new Uint8Array(await file.arrayBuffer());
    const mediaType = attachmentTypeOf(data);
    const name = shownFileName(file.name);
    if (!mediaType) problems.push({ error: 'invalid_attachment_type', field: 'proof' });
    else proof = { name: (name || 'proof').slice(0, PROOF_NAME_MAX_LENGTH), mediaType, data };
  }
  let fields: CompanyClaimForm | undefined;
  try {
    fields = parseWith(fieldsSchema, texts);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problems.unshift(...error.items);
  }
  if (problems.length > 0 || !fields || !proof) throw new ApiError(400, problems);
  return { fields: { ...fields, taxpayer_number: taxpayerNumber(fields.taxpayer_number) ?? '' }, proof };
}
