/**
 * The limit on the API's small bodies (JSON, and the OAuth endpoints' forms): a larger one is
 * refused before any route runs, from its Content-Length when it declares one, else at the first
 * byte past the limit. Within the limit the body is read here, whole, straight from the socket, and
 * kept on the context for the route (lib/request-body.ts) — cheaper than the web Request's stream.
 * An in-process request (tests' `app.request`) has no socket and goes through Hono's body limit.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../lib/api-error.js';
import { declaredLength, keepRequestText, readIncoming } from '../lib/request-body.js';

export interface BodyLimitOptions {
  maxBytes: number;
  /** The answer to a body over the limit. */
  onTooLarge: (c: Context) => Response | Promise<Response>;
}

export function limitSmallBody({ maxBytes, onTooLarge }: BodyLimitOptions): MiddlewareHandler {
  const throughRequest = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return async function limitSmallBodyMiddleware(c, next) {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming) return throughRequest(c, next);
    const length = declaredLength(incoming);
    if (length === 0) return next();
    if (length !== undefined && length > maxBytes) return onTooLarge(c);
    let text: string | null;
    try {
      text = await readIncoming(incoming, maxBytes);
    } catch {
      // The client went away halfway through its body: a request that never ended is no request.
      throw new ApiError(400, [{ error: 'invalid_value' }]);
    }
    if (text === null) return onTooLarge(c);
    keepRequestText(c, text);
    return next();
  };
}
