/**
 * The edge where failures become HTTP: an ApiError becomes `{errors: [...]}` with its status,
 * a TokenError a 401 in the shape the SPA's refresh logic expects, an OAuthError the
 * `{error, error_description}` of RFC 6749 §5.2, a body over the limit a 413, anything unexpected a
 * bare 500 `server_error`. No stack trace ever leaves the server.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorBody, TokenErrorBody } from '../contract/errors.js';
import { ApiError, TokenError } from '../lib/api-error.js';
import { OAuthError } from '../lib/oauth-error.js';
import { requestIdOf, routePattern } from './observe-requests.js';

export function errorResponse(c: Context, error: ApiError): Response {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  return c.json({ errors: error.items } satisfies ErrorBody, error.status);
}

export function createErrorHandler(
  log: (message: string, error: unknown, fields?: { request_id?: string }) => void,
): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof TokenError) {
      // RFC 6750 §3: a rejected bearer token is answered with a WWW-Authenticate challenge.
      const challenge = error.code === 'token_not_valid' ? 'Bearer error="invalid_token"' : 'Bearer';
      c.header('WWW-Authenticate', challenge);
      return c.json({ detail: error.message, code: error.code } satisfies TokenErrorBody, 401);
    }
    if (error instanceof OAuthError) {
      if (error.challenge !== undefined) c.header('WWW-Authenticate', error.challenge);
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ error: error.code, error_description: error.message }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const key = error.status === 413 ? 'payload_too_large' : 'error_try_again';
      return c.json({ errors: [{ error: key }] } satisfies ErrorBody, error.status);
    }
    // The route's pattern, not the path: a path may carry what a log must not (docs/deploy.md, Logs).
    log(`${c.req.method} ${routePattern(c)} failed`, error, { request_id: requestIdOf(c) });
    return c.json({ errors: [{ error: 'server_error' }] } satisfies ErrorBody, 500);
  };
}

export const notFound: NotFoundHandler = (c) => c.json({ errors: [{ error: 'not_found' }] } satisfies ErrorBody, 404);
