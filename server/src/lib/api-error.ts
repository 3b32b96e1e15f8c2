import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorKey } from '../contract/error-keys.js';
import type { ErrorItem, TokenErrorBody } from '../contract/errors.js';

/**
 * A failure with a stable key from the catalogue. Handlers throw it; the error handler turns it into
 * `{errors: [{error, field?}]}` with the status, and `Retry-After` when given. Nothing else reaches users.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly items: ErrorItem[];
  readonly retryAfterSeconds: number | undefined;

  constructor(status: ContentfulStatusCode, items: ErrorItem[], retryAfterSeconds?: number) {
    super(items.map((item) => item.error).join(', '));
    this.name = 'ApiError';
    this.status = status;
    this.items = items;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function badRequest(error: ErrorKey, field?: string): ApiError {
  return new ApiError(400, [field === undefined ? { error } : { error, field }]);
}

export function tooManyRequests(error: ErrorKey, retryAfterSeconds: number): ApiError {
  return new ApiError(429, [{ error }], Math.max(1, Math.ceil(retryAfterSeconds)));
}

/**
 * An invalid, expired or revoked access or refresh token. The body follows docs/product.md §11 so that the SPA's
 * refresh logic (docs/product.md §4) recognises it by `code`.
 */
export class TokenError extends Error {
  readonly code: TokenErrorBody['code'];

  constructor(code: TokenErrorBody['code'] = 'token_not_valid', detail = 'Token is invalid or expired') {
    super(detail);
    this.name = 'TokenError';
    this.code = code;
  }
}
