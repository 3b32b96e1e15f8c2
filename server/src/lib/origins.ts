/**
 * Web origins as browsers write them. A window's origin reaches us as its serialization
 * (HTML, "ASCII serialization of an origin"; RFC 6454 §6.2): scheme, host and port only, lower-case,
 * no default port, no trailing slash. Registered origins are kept in the same form, so two origins
 * are the same exactly when their strings are equal.
 */

/**
 * Whether `value` is the serialization of an http(s) origin, and nothing more: a path (even `/`),
 * query, fragment, user-info, upper case or a default port written out all make it something else.
 * `null` (an opaque origin) is never one: it names no site that could be registered.
 */
export function isSerializedOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}
