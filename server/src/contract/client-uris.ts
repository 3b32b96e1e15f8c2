/**
 * The rules for the addresses an app registers: its redirect URIs, its web origins (for the
 * widget) and its home, privacy-policy and terms pages. Pure and dependency-free, so the server's
 * Developers API, the operator command and the SPA's form apply the very same rules.
 *
 * RFC 9700 §2.1 (and §4.1.3): redirect URIs are compared as exact strings, so they are kept exactly
 * as typed and must not contain a pattern; RFC 6749 §3.1.2: a redirect URI is absolute and has no
 * fragment. Plain http is allowed only for a loopback host while developing (RFC 8252 §7.3,
 * RFC 9700 §2.1), because anything else on the way could read the code. A phone app's own scheme
 * (RFC 8252 §7.1) is a redirect URI too, but only a reverse domain name (`uz.shop.app:/callback`): a
 * scheme like `myapp:` names no owner, and any other app could claim it and receive the code.
 */

export type ClientUriProblem =
  | 'uri_invalid'
  | 'uri_https_required'
  | 'redirect_uri_scheme_required'
  | 'uri_fragment_not_allowed'
  | 'uri_userinfo_not_allowed'
  | 'uri_wildcard_not_allowed'
  | 'origin_invalid';

/** At most this many redirect URIs, and as many web origins, per app. */
export const CLIENT_URIS_MAX = 10;
/** An app's name, as the consent screen shows it: 1 to this many characters. */
export const APP_NAME_MAX_LENGTH = 60;

/** The loopback hosts a developer's machine answers on, as URL parsing writes them. */
const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * RFC 8252 §7.1: a private-use scheme is a reverse domain name the app's maker controls, so at least two
 * labels of letters, digits and hyphens joined by dots (`uz.shop.app`), lower case as URL parsing writes it.
 */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+:$/;

/** `scheme://user@host` or `scheme://user:password@host`: user-info before the host (RFC 3986 §3.2.1). */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The problems every kind of address shares; `invalid` is the key for "this is not an address at all".
 * `privateUse`: a phone app's own scheme is allowed (redirect URIs only: a web origin or a page is a web address).
 */
function commonProblem(
  value: string,
  allowLoopbackHttp: boolean,
  invalid: ClientUriProblem,
  privateUse = false,
): { problem: ClientUriProblem } | { url: URL } {
  if (value === '' || value.trim() !== value) return { problem: invalid };
  // RFC 9700 §2.1: exact matching only, so a pattern could never match and is refused outright.
  if (value.includes('*')) return { problem: 'uri_wildcard_not_allowed' };
  // RFC 6749 §3.1.2: the redirection endpoint URI must not include a fragment component.
  if (value.includes('#')) return { problem: 'uri_fragment_not_allowed' };
  const url = parse(value);
  if (!url) return { problem: invalid };
  // RFC 3986 §7.5 and RFC 9700 §4.1: user-info in an address misleads the reader about its host.
  if (USERINFO.test(value) || url.username !== '' || url.password !== '')
    return { problem: 'uri_userinfo_not_allowed' };
  if (url.protocol === 'https:') return { url };
  if (privateUse && PRIVATE_USE_SCHEME.test(url.protocol)) return { url };
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.includes(url.hostname)) return { url };
  // Where an app's own scheme is allowed, the answer names it too: a phone app's maker reading "https://" only
  // would not know that `uz.shop.app:/callback` is the way (RFC 8252 §7.1).
  return { problem: privateUse ? 'redirect_uri_scheme_required' : 'uri_https_required' };
}

/**
 * What is wrong with a redirect URI (or another page of the app: home, privacy policy, terms), or
 * null when it may be registered. It must be written exactly as a browser would write it back
 * (`new URL(uri).href === uri`): a string that parsing would change could never match exactly.
 */
export function redirectUriProblem(uri: string, allowLoopbackHttp: boolean): ClientUriProblem | null {
  const result = commonProblem(uri, allowLoopbackHttp, 'uri_invalid', true);
  if ('problem' in result) return result.problem;
  return result.url.href === uri ? null : 'uri_invalid';
}

/**
 * What is wrong with a web origin, or null when it may be registered. It must be a serialized
 * origin (RFC 6454 §6.2: `scheme://host[:port]`, lower case, no default port, no path, no trailing
 * slash), the form a browser gives a page's origin in, so that the comparison is a string equality.
 */
export function webOriginProblem(origin: string, allowLoopbackHttp: boolean): ClientUriProblem | null {
  const result = commonProblem(origin, allowLoopbackHttp, 'origin_invalid');
  if ('problem' in result) return result.problem;
  return result.url.origin === origin ? null : 'origin_invalid';
}

/**
 * What is wrong with one of the app's pages (home page, privacy policy, terms), or null. The same
 * rules as a redirect URI but for its exact spelling: a page is only linked to, never matched, so
 * the server keeps it as parsing writes it (`https://shop.uz` becomes `https://shop.uz/`).
 */
export function pageUrlProblem(url: string, allowLoopbackHttp: boolean): ClientUriProblem | null {
  const result = commonProblem(url, allowLoopbackHttp, 'uri_invalid');
  return 'problem' in result ? result.problem : null;
}
