/**
 * The site's cookies (docs/decisions.md: the device id, the locale, the active account, the product source):
 * path=/, lasting whole days; first-party ones SameSite=Lax.
 *
 * Inside a partner's frame (the widget's /embed, the only page another site may frame:
 * docs/decisions.md, "Framing") a cookie set with SameSite=Lax is refused, for the frame is a
 * cross-site context (RFC 6265bis's storage model drops a SameSite cookie set from one). There each
 * cookie is `SameSite=None; Secure; Partitioned` (CHIPS, draft-cutler-httpbis-partitioned-cookies):
 * kept in the partner site's partition, so the frame's device id and locale last from one visit to
 * the next without becoming a cookie that follows the person from one partner to another. Secure
 * is required with SameSite=None; browsers accept it on http://localhost too.
 *
 * Written by hand rather than through a cookie library: three attributes do not pay for one in
 * the first download of every page (docs/benchmarks.md).
 */
const DAY_MS = 86_400_000;

/** `expires` in the past removes the cookie (RFC 6265 §3.1) — of this partition, with these attributes. */
function write(name: string, value: string, expiresMs: number): void {
  const scope =
    window.top === window.self
      ? `SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
      : 'SameSite=None; Secure; Partitioned';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${new Date(expiresMs).toUTCString()}; path=/; ${scope}`;
}

export function getCookie(name: string): string | null {
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === name) return decodeURIComponent(pair.slice(at + 1));
  }
  return null;
}

export function setCookie(name: string, value: string, days: number): void {
  write(name, value, Date.now() + days * DAY_MS);
}

export function removeCookie(name: string): void {
  write(name, '', 0);
}
