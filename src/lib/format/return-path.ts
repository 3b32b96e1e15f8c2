/**
 * Where to send the user after signing in (the `return` query parameter). Security-critical: anything this
 * accepts becomes a redirect target, so every rule below refuses rather than repairs.
 */

/** A scheme followed by "//", the only form an absolute return path may have. */
const SCHEME_WITH_SLASHES = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Anything that starts like a scheme ("javascript:", "data:", "https:evil.com", but also "localhost:3000"). */
const SCHEME_LIKE = /^[a-z][a-z0-9+.-]*:/i;
/** A scheme-less "host:port", which SCHEME_LIKE would otherwise mistake for a scheme. */
const HOST_AND_PORT = /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i;
/** The host names allowed after parsing: ASCII letters, digits and hyphens in non-empty dot-separated labels. */
const DNS_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Whether a host name reaches the machine it is looked up on: localhost and its subdomains (RFC 6761
 * §6.3, which browsers resolve to loopback), 127.0.0.0/8 and ::1.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/** Any ASCII control character, space, backslash, or Unicode whitespace. */
function hasForbiddenCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/u.test(char)) return true;
  }
  return false;
}

/** Anything but printable ASCII, or any "@" (user info) or "%" (percent-encoding) in a URL's authority. */
function hasSuspiciousAuthority(authority: string): boolean {
  return authority === '' || /[^\x21-\x7e]|[@%]/.test(authority);
}

function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '');
}

/**
 * The return-path rule of docs/product.md §5: the host is the own domain, ends with it, or is localhost; https:// is
 * added when there is no scheme; anything else is the toast invalid_return_path. Returns the normalised absolute
 * URL (`new URL(...).href`, which is what the caller must redirect to) or null. Refused: blank input; any
 * whitespace, control character or backslash; a leading "/" ("//evil.com", "/path"); a scheme without "//"
 * ("javascript:", "data:"); any "@", "%" or non-ASCII character in the authority; schemes other than https
 * (http only for localhost and 127.0.0.1); user names and passwords; IP addresses other than 127.0.0.1;
 * hosts that are neither `ownDomain`, a subdomain of it (a label boundary: "evilkirish.uz" and
 * "kirish.uz.evil.com" are refused for "kirish.uz") nor localhost (any port); on the own domain, a
 * port other than https's 443 unless `ports` lists it.
 *
 * Why the port: the address receives the refresh token in its fragment, and a port is another
 * server (RFC 6454 §4: another origin) that whoever runs a service on the domain's host — a staging
 * copy, an admin tool, a forgotten test server on :8443 — controls, not the site the person meant.
 * Ports an operator does serve the product on are listed in VITE_RETURN_PATH_PORTS.
 *
 * Localhost only with `loopback: true`, which only a site that itself runs on the developer's machine
 * passes (use-finish-sign-in.ts, docs/decisions.md): the address receives a refresh token, and on a
 * person's computer any program may be listening on a loopback port. A native app signs in with the
 * authorization code flow and PKCE at its loopback redirect URI (RFC 8252 §7.3), never by a token in
 * an address. Without it every loopback host is refused, even when `ownDomain` is localhost.
 */
export function validateReturnPath(
  raw: string,
  ownDomain: string,
  options: { loopback?: boolean; ports?: readonly number[] } = {},
): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text === '' || hasForbiddenCharacter(text) || text.startsWith('/')) return null;

  let candidate: string;
  if (SCHEME_WITH_SLASHES.test(text)) candidate = text;
  else if (SCHEME_LIKE.test(text) && !HOST_AND_PORT.test(text)) return null;
  else candidate = `https://${text}`;

  const afterScheme = candidate.slice(candidate.indexOf('://') + 3);
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? '';
  if (hasSuspiciousAuthority(authority)) return null;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;

  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isLoopbackHost(host) && !options.loopback) return null;
  if (LOOPBACK_HOSTS.has(host)) return url.href;
  if (url.protocol !== 'https:') return null;
  if (!DNS_NAME.test(host) || IPV4.test(host)) return null;

  const own = normaliseDomain(ownDomain);
  if (own === '') return null;
  if (host !== own && !host.endsWith(`.${own}`)) return null;
  // URL parsing drops the scheme's default port, so `port` is '' for 443 written or not.
  return url.port === '' || (options.ports ?? []).includes(Number(url.port)) ? url.href : null;
}
