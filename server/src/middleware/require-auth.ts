import type { MiddlewareHandler } from 'hono';
import { TokenError } from '../lib/api-error.js';
import type { Authenticated, SessionService } from '../services/session-service.js';

export type AuthEnv = { Variables: { auth: Authenticated } };

/** RFC 6750 §2.1: the access token comes as `Authorization: Bearer <token>`, and only there. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i.exec((authorization ?? '').trim());
  return match?.[1] ?? null;
}

/** A request already authenticated by an outer router's middleware is not checked twice. */
export function requireAuth(sessions: SessionService): MiddlewareHandler<AuthEnv> {
  return async function requireAuthMiddleware(c, next) {
    if (c.get('auth') !== undefined) return next();
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new TokenError('not_authenticated', 'Authentication credentials were not provided.');
    c.set('auth', await sessions.authenticate(token));
    await next();
  };
}
