import type { Context } from 'hono';
import type { ErrorItem } from '../contract/errors.js';
import { ApiError } from './api-error.js';
import { requestText } from './request-body.js';

/**
 * Reads an `application/x-www-form-urlencoded` body: the one format the OAuth token and revocation
 * endpoints take (RFC 6749 §4.1.3, RFC 7009 §2.1), unlike the rest of the API, which takes JSON.
 * Null when the body is of another type. The body limit is enforced before this runs.
 */
export async function readFormBody(c: Context): Promise<URLSearchParams | null> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return null;
  return new URLSearchParams(await requestText(c));
}

/**
 * Reads a `multipart/form-data` body (RFC 7578): the photo and logo uploads and a complaint with its
 * attachments. `415 unsupported_media_type` for another type; a body that does not parse is
 * `400 invalid_value`, on `field` when one is named. The body limit is enforced before this runs.
 */
export async function readMultipartBody(c: Context, field?: string): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? ''))
    throw new ApiError(415, [{ error: 'unsupported_media_type' }]);
  try {
    return await c.req.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, [{ error: 'invalid_value', ...(field ? { field } : {}) }]);
  }
}

/**
 * A multipart form's parts: its text fields (each at most once) and the files of `fileField`. A part
 * that breaks that (a second field of one name, a file where text belongs, text where a file belongs:
 * `textInFile`) is a problem on its field, for the caller to say with its own fields' problems.
 */
export function formParts(
  form: FormData,
  fileField: string,
  textInFile: ErrorItem['error'],
): { texts: Record<string, string>; files: File[]; problems: ErrorItem[] } {
  const texts: Record<string, string> = {};
  const files: File[] = [];
  const problems: ErrorItem[] = [];
  for (const [name, value] of form.entries()) {
    if (name === fileField) {
      if (typeof value === 'string') problems.push({ error: textInFile, field: fileField });
      else files.push(value);
    } else if (typeof value !== 'string' || name in texts) problems.push({ error: 'invalid_value', field: name });
    else texts[name] = value;
  }
  return { texts, files, problems };
}

/** An uploaded file's name as it may be shown: no path, no control characters (empty if nothing is left). */
export function shownFileName(name: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
