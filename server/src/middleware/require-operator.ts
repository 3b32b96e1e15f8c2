/**
 * The operator API's guard (docs/deploy.md, The operator API): `Authorization: Bearer <ADMIN_TOKEN>`
 * (RFC 6750 §2.1). A missing or wrong token, or no ADMIN_TOKEN configured at all, gets the same
 * `404 not_found` as a path that does not exist, so the API's presence is not advertised to a prober.
 */
import type { MiddlewareHandler } from 'hono';
import type { ErrorBody } from '../contract/errors.js';
import { constantTimeEqual, sha256 } from '../lib/secrets.js';
import { bearerToken } from './require-auth.js';

export function requireOperator(adminToken: string | undefined): MiddlewareHandler {
  const expected = adminToken === undefined ? undefined : sha256(adminToken);
  return async function requireOperatorMiddleware(c, next) {
    const presented = bearerToken(c.req.header('authorization'));
    // Compared as hashes, of one length whatever was sent: the time tells nothing of the token's length either.
    if (expected === undefined || presented === null || !constantTimeEqual(sha256(presented), expected))
      return c.json({ errors: [{ error: 'not_found' }] } satisfies ErrorBody, 404);
    await next();
  };
}
