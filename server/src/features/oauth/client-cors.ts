/**
 * CORS for the endpoints a partner's browser code calls (token, userinfo, revocation): a page may
 * read an answer only when its origin is a registered web origin of the client the request names.
 * The authorization endpoint has none: only the SPA, on Kirish's own origin, calls it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CORS_PREFLIGHT_MAX_AGE_SECONDS } from '../../config/policy.js';
import { isSerializedOrigin } from '../../lib/origins.js';
import type { OAuthClient, Storage } from '../../storage/storage.js';

/** The request's Origin when it is one of `origins`, compared as exact serializations (RFC 6454 §6.2). */
function matchingOrigin(c: Context, origins: readonly string[]): string | undefined {
  const origin = c.req.header('origin');
  return origin !== undefined && isSerializedOrigin(origin) && origins.includes(origin) ? origin : undefined;
}

/** Lets the request's origin read the answer if it is a web origin of `client`. */
export function allowClientOrigin(c: Context, client: OAuthClient | undefined): void {
  const origin = client && matchingOrigin(c, client.webOrigins);
  if (origin) c.header('Access-Control-Allow-Origin', origin);
}

/** Lets the request's origin read the answer if it is a web origin of any registered client. */
export async function allowAnyClientOrigin(c: Context, storage: Storage): Promise<boolean> {
  const origin = matchingOrigin(
    c,
    (await storage.clients.list()).flatMap((client) => client.webOrigins),
  );
  if (origin) c.header('Access-Control-Allow-Origin', origin);
  return origin !== undefined;
}

/** The answer differs by Origin, so caches must keep one per origin. */
export const varyOrigin: MiddlewareHandler = async function varyOrigin(c, next) {
  await next();
  c.header('Vary', 'Origin', { append: true });
};

/**
 * Answers a CORS preflight. Before the request itself names a client, any registered web origin
 * may send it; the real answer is then readable only by the origins of the client it names.
 */
export function corsPreflight(storage: Storage): MiddlewareHandler {
  return async function corsPreflightHandler(c) {
    c.header('Vary', 'Origin');
    if (await allowAnyClientOrigin(c, storage)) {
      c.header('Access-Control-Allow-Methods', 'GET, POST');
      c.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      c.header('Access-Control-Max-Age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS));
    }
    return c.body(null, 204);
  };
}
