import type { Context } from 'hono';
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
