/**
 * The one wrapper around tiny-cookie. Cookies are path=/; first-party ones SameSite=Lax.
 *
 * Inside a partner's frame (the widget's /embed, the only page another site may frame:
 * docs/decisions.md, "Framing") a cookie set with SameSite=Lax is refused, for the frame is a
 * cross-site context (RFC 6265bis's storage model drops a SameSite cookie set from one). There
 * each cookie is `SameSite=None; Secure; Partitioned` (CHIPS, draft-cutler-httpbis-partitioned-cookies):
 * kept in the partner site's partition, so the frame's device id and locale last from one visit to
 * the next without becoming a cookie that follows the person from one partner to another.
 */
import { get, remove, set } from 'tiny-cookie';

/** Framed: inside a partner's page (the SPA's other pages refuse every frame: frame-ancestors 'none'). */
function framed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

function attributes(): Record<string, string | boolean> {
  // Secure is required with SameSite=None; browsers accept it on http://localhost too.
  if (framed()) return { path: '/', samesite: 'None', secure: true, partitioned: true };
  return { path: '/', samesite: 'Lax', secure: location.protocol === 'https:' };
}

export function getCookie(name: string): string | null {
  return get(name);
}

export function setCookie(name: string, value: string, days: number): void {
  set(name, value, { expires: `${days}D`, ...attributes() });
}

export function removeCookie(name: string): void {
  // A partitioned cookie is removed only by a cookie of the same partition: the same attributes.
  remove(name, attributes());
}
