/** Loose web-address check for form fields (a site the user links to), not for redirects. */

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
const TOP_LEVEL = String.raw`(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})`;
const URL_PATTERN = new RegExp(
  String.raw`^(?:(?:https?|ftp)://)?(?:${LABEL}\.)+${TOP_LEVEL}(?::\d{1,5})?(?:[/?#]\S*)?$`,
  'iu',
);

/**
 * The URL rule of docs/product.md §5: an optional scheme (http, https, ftp), an optional www., a domain whose last part
 * has two letters or more, an optional path and query. ("www." needs no rule of its own: it is one more domain label.) Also allowed:
 * a port, a fragment, Unicode and punycode domains. Not allowed: other schemes (mailto:, javascript:),
 * user:password@, IP addresses, whitespace. Surrounding whitespace is ignored. For where to send a user
 * after sign-in use validateReturnPath instead.
 */
export function isValidUrl(text: string): boolean {
  return URL_PATTERN.test(text.trim());
}

/**
 * Where an app's answer goes, as the consent screen shows it beside the app's name: the origin of a
 * redirect URI (`https://shop.uz`, with a port when it has one), or for an app's own scheme
 * (`uz.shop.app:/callback`, RFC 8252 §7.1) the scheme; null for what does not parse.
 */
export function redirectOrigin(redirectUri: string): string | null {
  try {
    const url = new URL(redirectUri);
    return url.origin === 'null' ? url.protocol : url.origin;
  } catch {
    return null;
  }
}
