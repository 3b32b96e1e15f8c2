/**
 * The registered URI with `parameters` added to its query. Its own query is kept byte for byte
 * (RFC 6749 §3.1.2: the endpoint URI "MUST retain" it), and a fragment, which a registered URI
 * should not have, stays last.
 */
export function withQuery(uri: string, parameters: URLSearchParams): string {
  const hashAt = uri.indexOf('#');
  const base = hashAt < 0 ? uri : uri.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : uri.slice(hashAt);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}${parameters.toString()}${fragment}`;
}
