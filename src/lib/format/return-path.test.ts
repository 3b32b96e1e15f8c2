import { describe, expect, it } from 'vitest';
import { isLoopbackHost, validateReturnPath } from './return-path';

const OWN = 'kirish.uz';

describe('validateReturnPath accepts', () => {
  it.each([
    ['https://kirish.uz/x', 'https://kirish.uz/x'],
    ['kirish.uz/path?q=1', 'https://kirish.uz/path?q=1'],
    ['kirish.uz', 'https://kirish.uz/'],
    ['https://market.kirish.uz', 'https://market.kirish.uz/'],
    ['https://a.b.market.kirish.uz/deep/path', 'https://a.b.market.kirish.uz/deep/path'],
    ['market.kirish.uz/orders#latest', 'https://market.kirish.uz/orders#latest'],
    ['http://localhost:5173/cb', 'http://localhost:5173/cb'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['localhost:3000/cb?x=1', 'https://localhost:3000/cb?x=1'],
    ['http://localhost', 'http://localhost/'],
    ['https://localhost:8443', 'https://localhost:8443/'],
    ['http://127.0.0.1:8080/cb', 'http://127.0.0.1:8080/cb'],
    ['127.0.0.1:3000', 'https://127.0.0.1:3000/'],
    ['https://kirish.uz:443/x', 'https://kirish.uz/x'],
    ['HTTPS://KIRISH.UZ/Path', 'https://kirish.uz/Path'],
    ['https://kirish.uz./x', 'https://kirish.uz./x'],
    ['  https://kirish.uz/x  ', 'https://kirish.uz/x'],
    ['https://kirish.uz/a%2Fb?next=%2F%2Fevil.com', 'https://kirish.uz/a%2Fb?next=%2F%2Fevil.com'],
    ['https://kirish.uz/@evil.com', 'https://kirish.uz/@evil.com'],
    ['https://kirish.uz#@evil.com', 'https://kirish.uz/#@evil.com'],
    ['https://kirish.uz?redirect=https://evil.com', 'https://kirish.uz/?redirect=https://evil.com'],
    ['https://evil.com.kirish.uz/', 'https://evil.com.kirish.uz/'],
  ])('%j as %j (loopback allowed, as outside production)', (raw, expected) => {
    expect(validateReturnPath(raw, OWN, { loopback: true })).toBe(expected);
  });

  it('takes a port other than 443 on the own domain only when the configured list names it', () => {
    for (const raw of [
      'kirish.uz:8443/x',
      'https://kirish.uz:8443/',
      'https://market.kirish.uz:9443/cb',
      'https://kirish.uz:80/',
    ])
      expect(validateReturnPath(raw, OWN, { loopback: true }), raw).toBeNull();
    expect(validateReturnPath('kirish.uz:8443/x', OWN, { ports: [8443] })).toBe('https://kirish.uz:8443/x');
    expect(validateReturnPath('https://market.kirish.uz:9443/cb', OWN, { ports: [8443] })).toBeNull();
    // The scheme's default written out is no other port.
    expect(validateReturnPath('https://kirish.uz:443/x', OWN, { ports: [] })).toBe('https://kirish.uz/x');
  });

  it('returns exactly what URL normalises to, so the redirect goes where the check looked', () => {
    const raw = 'https://Market.Kirish.UZ:443/a/../b?x=1#y';
    expect(validateReturnPath(raw, OWN)).toBe(new URL(raw).href);
    expect(validateReturnPath(raw, OWN)).toBe('https://market.kirish.uz/b?x=1#y');
  });

  it('normalises a hexadecimal or integer loopback address to 127.0.0.1', () => {
    expect(validateReturnPath('https://0x7f.0.0.1/cb', OWN, { loopback: true })).toBe('https://127.0.0.1/cb');
    expect(validateReturnPath('https://2130706433/cb', OWN, { loopback: true })).toBe('https://127.0.0.1/cb');
  });

  it('compares the own domain case-insensitively and ignores its surrounding dots', () => {
    expect(validateReturnPath('https://market.kirish.uz/', ' .Kirish.UZ. ')).toBe('https://market.kirish.uz/');
  });
});

describe('validateReturnPath refuses', () => {
  it.each([
    // Addresses that only look as if they were on the own domain (docs/product.md §5), and other schemes.
    ['a protocol-relative URL', '//evil.com'],
    ['an own-domain user name in front of another host', 'https://kirish.uz@evil.com'],
    ['the own domain as a subdomain of another host', 'https://kirish.uz.evil.com'],
    ['a host merely ending in the own domain name', 'https://evilkirish.uz'],
    ['backslashes instead of slashes', 'https:\\\\evil.com'],
    ['a backslash before a user-info at-sign', 'https://kirish.uz\\@evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,x'],
    ['an encoded slash before an at-sign', 'https://evil.com%2f@kirish.uz'],
    ['an encoded upper-case slash in the host', 'https://evil.com%2F.kirish.uz'],
    ['http for a host other than localhost', 'http://kirish.uz'],
    ['ftp', 'ftp://kirish.uz'],
    ['another host with leading whitespace', ' https://evil.com'],
    ['the own domain only in the path', 'https://evil.com/kirish.uz'],
    ['an encoded at-sign', 'https://kirish.uz%40evil.com'],
    ['an empty string', ''],
    ['a user name and password', 'https://user:pw@kirish.uz'],
    ['a loopback address other than 127.0.0.1', 'http://127.0.0.2'],
    ['an IPv6 loopback', 'https://[::1]'],

    // Blank and relative.
    ['only whitespace', ' \t\n '],
    ['a path without a host', '/profile'],
    ['three slashes', '///evil.com'],
    ['four slashes', '////evil.com'],
    ['a slash and a backslash', '/\\evil.com'],
    ['a backslash and a slash', '\\/evil.com'],
    ['a single slash after the scheme', 'https:/evil.com'],
    ['no slashes after the scheme', 'https:evil.com'],
    ['no slashes after the scheme, own domain', 'https:kirish.uz'],
    ['an empty authority', 'https:///evil.com'],
    ['a scheme and nothing else', 'https://'],
    ['a slash and backslash after the scheme', 'https:/\\evil.com'],
    ['a backslash host separator', 'https://evil.com\\.kirish.uz'],
    ['an encoded double slash without a scheme', '%2f%2fevil.com'],

    // Characters that URL would silently drop, encode or turn into slashes, anywhere in the text.
    ['a backslash used as a path separator', 'https://kirish.uz\\evil.com'],
    ['a backslash in the path', 'https://kirish.uz/a\\b'],
    ['a double backslash in the path', 'https://kirish.uz/\\\\evil.com'],
    ['a newline in the path', 'https://kirish.uz/a\nb'],
    ['a tab in the path', 'https://kirish.uz/a\tb'],
    ['a space in the path', 'https://kirish.uz/a b'],
    ['a DEL in the path', 'https://kirish.uz/a\u007fb'],
    ['a NUL in the path', 'https://kirish.uz/a\u0000b'],
    ['an escape character in the path', 'https://kirish.uz/a\u001bb'],
    ['a non-breaking space in the path', 'https://kirish.uz/a\u00a0b'],
    ['an ideographic space in the query', 'https://kirish.uz/?q=a\u3000b'],

    // Slashes in the wrong places, even towards the own domain.
    ['a protocol-relative URL to the own domain', '//kirish.uz'],
    ['a rooted path that names the own domain', '/kirish.uz'],
    ['an empty authority followed by the own domain', 'https:///kirish.uz/x'],
    ['a colon with no port after the host', 'kirish.uz:/x'],

    // Other schemes.
    ['a javascript: URL with slashes and an own-domain host', 'javascript://kirish.uz/%0Aalert(1)'],
    ['a javascript: URL after leading whitespace', '  javascript:alert(1)'],
    ['a javascript: URL split by a tab', 'java\tscript:alert(1)'],
    ['a javascript: URL split by a newline', 'java\nscript:alert(1)'],
    ['a vbscript: URL', 'vbscript:msgbox(1)'],
    ['a base64 data: URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['a file: URL', 'file:///etc/passwd'],
    ['a mailto: URL', 'mailto:a@kirish.uz'],
    ['a custom app scheme', 'kirish-app://kirish.uz/cb'],
    ['a websocket scheme', 'wss://kirish.uz'],
    ['ftp to localhost', 'ftp://localhost/'],
    ['a websocket scheme to localhost', 'ws://localhost:5173/'],
    ['a file: URL to localhost', 'file://localhost/etc/passwd'],

    // User info and at-signs.
    ['a user name only', 'https://user@kirish.uz'],
    ['an empty user info', 'https://@kirish.uz'],
    ['an empty password', 'https://kirish.uz:@evil.com'],
    ['a port-looking password', 'https://kirish.uz:443@evil.com'],
    ['another host as user name in front of the own domain', 'https://evil.com@kirish.uz'],
    ['user info without a scheme', 'kirish.uz@evil.com'],
    ['localhost as a user name', 'http://localhost@evil.com'],
    ['an encoded slash and at-sign after the own domain', 'https://kirish.uz%2f@evil.com'],
    ['an encoded backslash', 'https://evil.com%5c.kirish.uz'],
    ['an encoded lower-case backslash in user info', 'https://evil.com%5c@kirish.uz'],
    ['an encoded dot', 'https://evil%2ecom.kirish.uz'],
    ['an encoded NUL', 'https://evil.com%00.kirish.uz'],

    // Look-alike hosts.
    ['the own domain followed by a query-looking host', 'https://evil.com?.kirish.uz'],
    ['the own domain only in the fragment', 'https://evil.com#.kirish.uz'],
    ['the own domain only in the query', 'https://evil.com/?return=kirish.uz'],
    ['a different top-level domain', 'https://kirish.uz.com'],
    ['a hyphenated look-alike', 'https://kirish-uz.com'],
    ['a bare top-level domain', 'https://uz'],
    ['a host with an empty leading label', 'https://.kirish.uz'],
    ['a host with two trailing dots', 'https://kirish.uz..'],
    ['a semicolon in the host', 'https://evil.com;.kirish.uz'],
    ['an ampersand in the host', 'https://evil.com&.kirish.uz'],
    ['a NUL in the host', 'https://evil.com\u0000.kirish.uz'],
    ['a tab in the host', 'https://evil.com\t.kirish.uz'],
    ['a newline in the host', 'https://kirish.uz\n.evil.com'],
    ['a DEL character', 'https://kirish.uz\u007f.evil.com'],
    ['a non-breaking space', 'https://kirish.uz\u00a0.evil.com'],
    ['a line separator', 'https://kirish.uz\u2028.evil.com'],
    ['a zero-width space in the host', 'https://kirish.uz\u200b.evil.com'],
    ['an ideographic full stop in the host', 'https://evil.com\u3002kirish.uz'],
    ['a full-width solidus in the host', 'https://kirish.uz\uff0fevil.com'],
    ['a Unicode look-alike of the own domain', 'https://kirısh.uz'],
    ['a Cyrillic look-alike of the own domain', 'https://kіrish.uz'],
    ['an invalid port', 'https://kirish.uz:evil.com'],

    // Localhost and IP look-alikes.
    ['localhost as a subdomain of another host', 'https://localhost.evil.com'],
    ['localhost in the path of another host', 'https://evil.com/localhost'],
    ['a subdomain of localhost', 'http://evil.localhost'],
    ['127.0.0.1 as a subdomain of another host', 'http://127.0.0.1.nip.io'],
    ['the unspecified address', 'http://0.0.0.0'],
    ['a public IPv4 address', 'https://93.184.216.34'],
    ['an IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]'],
    ['an IPv6 loopback with a port', 'http://[::1]:5173'],
    ['http for a subdomain', 'http://market.kirish.uz'],
  ])('%s: %j (even where loopback is allowed)', (_label, raw) => {
    expect(validateReturnPath(raw, OWN, { loopback: true })).toBeNull();
  });

  it('refuses everything but localhost when the own domain is empty', () => {
    expect(validateReturnPath('https://kirish.uz', '')).toBeNull();
    expect(validateReturnPath('https://evil.com', ' . ')).toBeNull();
    expect(validateReturnPath('http://localhost:5173/', '', { loopback: true })).toBe('http://localhost:5173/');
  });

  it('does not treat a suffix of the own domain as the own domain', () => {
    expect(validateReturnPath('https://uz', OWN)).toBeNull();
    expect(validateReturnPath('https://rish.uz', OWN)).toBeNull();
    expect(validateReturnPath('https://kirish.uz', 'market.kirish.uz')).toBeNull();
  });

  it('refuses an IP address even when its last numbers equal the own domain', () => {
    expect(validateReturnPath('https://10.0.0.1/', '0.0.1')).toBeNull();
  });

  it('refuses a value that is not a string, from an untyped caller, without throwing', () => {
    expect(validateReturnPath(null as unknown as string, OWN)).toBeNull();
    expect(validateReturnPath(undefined as unknown as string, OWN)).toBeNull();
  });

  it('never throws on input that URL cannot parse', () => {
    expect(() => validateReturnPath('https://[', OWN)).not.toThrow();
    expect(validateReturnPath('https://[', OWN)).toBeNull();
    expect(validateReturnPath('https://kirish.uz:99999', OWN)).toBeNull();
  });
});

describe('validateReturnPath on a production site (loopback not allowed: RFC 8252 §7.3, issue 10)', () => {
  it.each([
    'http://127.0.0.1:8080/cb',
    '127.0.0.1:3000',
    'http://localhost:5173/cb',
    'localhost:3000',
    'https://localhost:8443',
    'https://0x7f.0.0.1/cb',
    'https://2130706433/cb',
    'http://LOCALHOST./x',
  ])('refuses %j', (raw) => {
    expect(validateReturnPath(raw, OWN)).toBeNull();
    expect(validateReturnPath(raw, OWN, { loopback: false })).toBeNull();
  });

  it('refuses localhost and its subdomains even when the own domain was left at localhost', () => {
    expect(validateReturnPath('https://localhost:3000/', 'localhost')).toBeNull();
    expect(validateReturnPath('https://app.localhost/', 'localhost')).toBeNull();
    expect(validateReturnPath('https://app.localhost/', 'localhost', { loopback: true })).toBe(
      'https://app.localhost/',
    );
  });

  it('still accepts the own domain', () => {
    expect(validateReturnPath('https://market.kirish.uz/x', OWN)).toBe('https://market.kirish.uz/x');
  });
});

describe('isLoopbackHost', () => {
  it('knows localhost, its subdomains, 127.0.0.0/8 and ::1', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['kirish.uz', 'localhost.evil.com', '10.0.0.1', '128.0.0.1', 'evil-localhost'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
