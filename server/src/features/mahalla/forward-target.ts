/**
 * Where /mahalla/oneid/callback sends the browser (docs/product.md §2): the external callback the server
 * is configured with, with this page's query string appended byte for byte (the OneID answer it
 * carries is the external callback's to read, not ours to re-encode). Only the configured URL is ever a
 * target; nothing in the query can name one (RFC 6749 §10.15, open redirectors). None configured, or
 * anything but an absolute http(s) URL without a fragment: the site's home, `/`.
 */
export const HOME = '/';

export function forwardTarget(configured: string | null, search: string): string {
  if (!configured || !isForwardable(configured)) return HOME;
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return configured;
  // A query of its own is kept: ours joins it as more parameters (RFC 3986 §3.4; the WHATWG form encoding's `&`).
  if (!configured.includes('?')) return `${configured}?${query}`;
  return configured.endsWith('?') || configured.endsWith('&') ? `${configured}${query}` : `${configured}&${query}`;
}

function isForwardable(configured: string): boolean {
  if (configured.includes('#')) return false;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
