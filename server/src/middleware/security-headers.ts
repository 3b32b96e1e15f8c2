/**
 * The security headers of every answer (OWASP Secure Headers Project): the set Hono's
 * `secureHeaders()` sends by default, with `Cross-Origin-Resource-Policy: same-origin`. A route may
 * set its own value of any of them (the widget's script is for every site to load). Set the way
 * answer-headers.ts says, which Hono's middleware, setting them after the answer is made, does not.
 */
import type { MiddlewareHandler } from 'hono';
import { type HeaderList, withAnswerHeaders } from './answer-headers.js';

export const SECURITY_HEADERS: HeaderList = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  // RFC 6797 §6.1: browsers ignore it over plain HTTP, so it costs the development setup nothing.
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  // 0 turns off the old XSS auditors, which themselves opened leaks (OWASP).
  ['X-XSS-Protection', '0'],
];

export function securityHeaders(): MiddlewareHandler {
  return async function securityHeadersMiddleware(c, next) {
    await withAnswerHeaders(c, next, SECURITY_HEADERS, false);
  };
}
