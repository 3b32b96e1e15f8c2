/**
 * The account a request is meant for. One browser holds one token at a time for all its tabs (the
 * SPA keeps it in localStorage), so a tab still showing account A writes with B's token once another
 * tab switched to B: A's typed name would land in B's account (issue 33; docs/decisions.md, "One tab,
 * one account"). The SPA therefore names, in `Account-Id`, the account whose data the tab shows, and a
 * request whose token belongs to another account is refused here, before any route reads or writes.
 *
 * Optional: without the header nothing is compared (curl, partners). With it, any value but the
 * token's account (its `sub`, the token response's `user_uuid`) is the same refusal: a malformed id
 * names no account this token could act for. Only a valid Kirish token is compared; a missing or
 * invalid one goes on to the route, which answers as it always did (a 401 the SPA refreshes, then
 * replays with the same header), and a partner's OAuth token is never the SPA's (RFC 9068 §4).
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, TokenError } from '../lib/api-error.js';
import type { SessionService } from '../services/session-service.js';
import { bearerToken, type AuthEnv } from './require-auth.js';

export const ACCOUNT_ID_HEADER = 'Account-Id';

export function checkAccountId(sessions: SessionService): MiddlewareHandler<AuthEnv> {
  return async function checkAccountIdMiddleware(c, next) {
    const meant = c.req.header(ACCOUNT_ID_HEADER);
    const token = bearerToken(c.req.header('authorization'));
    if (meant === undefined || token === null) return next();
    let auth;
    try {
      auth = await sessions.authenticate(token);
    } catch (error) {
      if (error instanceof TokenError) return next();
      throw error;
    }
    // RFC 9110 §15.5.10: the request conflicts with the current state of the target (the device's account).
    if (auth.user.id !== meant) throw new ApiError(409, [{ error: 'account_changed' }]);
    // Authenticated once: requireAuth takes it from here instead of reading the session again.
    c.set('auth', auth);
    return next();
  };
}
