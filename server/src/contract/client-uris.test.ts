import { describe, expect, it } from 'vitest';
import { pageUrlProblem, redirectUriProblem, webOriginProblem } from './client-uris.js';

describe('redirectUriProblem', () => {
  it.each([
    'https://shop.example.uz/callback',
    'https://shop.example.uz/',
    'https://shop.example.uz:8443/auth/return?from=kirish&x=1',
    'https://xn--80ak6aa92e.xn--p1ai/callback',
    'https://203.0.113.9/callback',
  ])('accepts %s in production and while developing', (uri) => {
    expect(redirectUriProblem(uri, false)).toBeNull();
    expect(redirectUriProblem(uri, true)).toBeNull();
  });

  it.each([
    'http://localhost:18090/callback',
    'http://127.0.0.1:18090/callback',
    'http://[::1]:18090/callback',
    'http://localhost/',
  ])('accepts the loopback %s only while developing', (uri) => {
    expect(redirectUriProblem(uri, true)).toBeNull();
    expect(redirectUriProblem(uri, false)).toBe('redirect_uri_scheme_required');
  });

  it.each([
    ['plain http to a public host', 'http://shop.example.uz/callback'],
    ['http to a host that merely starts like localhost', 'http://localhost.example.uz/callback'],
    ['http to another 127.x address', 'http://127.0.0.2/callback'],
    ['a scheme of one label, which names no owner', 'myapp:/callback'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['ftp', 'ftp://shop.example.uz/callback'],
  ])('asks for https or an app’s reverse-domain scheme instead of %s', (_name, uri) => {
    expect(redirectUriProblem(uri, true)).toBe('redirect_uri_scheme_required');
  });

  it.each(['uz.shop.app:/callback', 'uz.shop.app:/oauth?from=kirish', 'com.example-shop.ios:/cb'])(
    "accepts a phone app's reverse-domain scheme %s in production too (RFC 8252 §7.1)",
    (uri) => {
      expect(redirectUriProblem(uri, false)).toBeNull();
    },
  );

  it.each([
    ['a user in its authority', 'uz.shop.app://user@host/callback', 'uri_userinfo_not_allowed'],
    ['a fragment', 'uz.shop.app:/callback#x', 'uri_fragment_not_allowed'],
    ['a spelling parsing changes', 'UZ.Shop.App:/callback', 'uri_invalid'],
  ])("refuses a phone app's scheme with %s", (_name, uri, problem) => {
    expect(redirectUriProblem(uri, true)).toBe(problem);
  });

  it.each([
    ['a fragment', 'https://shop.example.uz/callback#done'],
    ['an empty fragment', 'https://shop.example.uz/callback#'],
  ])('refuses %s', (_name, uri) => {
    expect(redirectUriProblem(uri, true)).toBe('uri_fragment_not_allowed');
  });

  it.each([
    ['a user name', 'https://user@shop.example.uz/callback'],
    ['a user and password', 'https://user:secret@shop.example.uz/callback'],
    ['an empty user-info', 'https://@shop.example.uz/callback'],
    ['a host hidden after user-info', 'https://shop.example.uz@evil.example/callback'],
  ])('refuses %s', (_name, uri) => {
    expect(redirectUriProblem(uri, true)).toBe('uri_userinfo_not_allowed');
  });

  it.each([
    ['a wildcard subdomain', 'https://*.example.uz/callback'],
    ['a wildcard path', 'https://shop.example.uz/*'],
    ['a star in the query', 'https://shop.example.uz/callback?x=*'],
  ])('refuses %s', (_name, uri) => {
    expect(redirectUriProblem(uri, true)).toBe('uri_wildcard_not_allowed');
  });

  it.each([
    ['an empty string', ''],
    ['a relative path', '/callback'],
    ['no scheme', 'shop.example.uz/callback'],
    ['surrounding spaces', ' https://shop.example.uz/callback'],
    ['a trailing newline', 'https://shop.example.uz/callback\n'],
    ['an upper-case scheme', 'HTTPS://shop.example.uz/callback'],
    ['an upper-case host', 'https://Shop.example.uz/callback'],
    ['no path (written back with a slash)', 'https://shop.example.uz'],
    ['the default port written out', 'https://shop.example.uz:443/callback'],
    ['a dot segment', 'https://shop.example.uz/a/../callback'],
    ['a space in the path', 'https://shop.example.uz/call back'],
    ['a non-ASCII host', 'https://дўкон.uz/callback'],
    ['not an address', 'not a url'],
  ])('calls %s invalid: it would not match itself once parsed', (_name, uri) => {
    expect(redirectUriProblem(uri, true)).toBe('uri_invalid');
  });
});

describe('webOriginProblem', () => {
  it.each(['https://shop.example.uz', 'https://shop.example.uz:8443', 'https://203.0.113.9'])(
    'accepts %s',
    (origin) => {
      expect(webOriginProblem(origin, false)).toBeNull();
    },
  );

  it.each(['http://127.0.0.1:18090', 'http://localhost:5173', 'http://[::1]:8080'])(
    'accepts the loopback %s only while developing',
    (origin) => {
      expect(webOriginProblem(origin, true)).toBeNull();
      expect(webOriginProblem(origin, false)).toBe('uri_https_required');
    },
  );

  it.each([
    ['a trailing slash', 'https://shop.example.uz/'],
    ['a path', 'https://shop.example.uz/shop'],
    ['a query', 'https://shop.example.uz?x=1'],
    ['the default port', 'https://shop.example.uz:443'],
    ['an upper-case host', 'https://SHOP.example.uz'],
    ['an empty string', ''],
    ['no scheme', 'shop.example.uz'],
    ['the opaque origin', 'null'],
    ['surrounding spaces', 'https://shop.example.uz '],
  ])('calls an origin with %s invalid', (_name, origin) => {
    expect(webOriginProblem(origin, true)).toBe('origin_invalid');
  });

  it.each([
    ['http to a public host', 'http://shop.example.uz', 'uri_https_required'],
    ['a custom scheme', 'uz.shop.app://x', 'uri_https_required'],
    ['a wildcard', 'https://*.example.uz', 'uri_wildcard_not_allowed'],
    ['a fragment', 'https://shop.example.uz#x', 'uri_fragment_not_allowed'],
    ['user-info', 'https://user@shop.example.uz', 'uri_userinfo_not_allowed'],
  ])('refuses %s with its own reason', (_name, origin, problem) => {
    expect(webOriginProblem(origin, true)).toBe(problem);
  });
});

describe('a wrong scheme', () => {
  it('names the app schemes only where they are allowed: a redirect URI, not a web origin or a page', () => {
    expect(redirectUriProblem('myapp:/callback', false)).toBe('redirect_uri_scheme_required');
    expect(webOriginProblem('http://shop.example.uz', false)).toBe('uri_https_required');
    expect(pageUrlProblem('uz.shop.app:/privacy', false)).toBe('uri_https_required');
  });
});

describe('pageUrlProblem', () => {
  it('accepts a page however it is spelled, as long as it is a plain https address', () => {
    expect(pageUrlProblem('https://shop.example.uz', false)).toBeNull();
    expect(pageUrlProblem('https://Shop.example.uz/Privacy', false)).toBeNull();
    expect(pageUrlProblem('http://127.0.0.1:18090/privacy', true)).toBeNull();
  });

  it.each([
    ['http://shop.example.uz/privacy', 'uri_https_required'],
    ['http://127.0.0.1:18090/privacy', 'uri_https_required'],
    ['https://shop.example.uz/privacy#top', 'uri_fragment_not_allowed'],
    ['https://me@shop.example.uz/privacy', 'uri_userinfo_not_allowed'],
    ['https://*.example.uz/', 'uri_wildcard_not_allowed'],
    ['privacy.html', 'uri_invalid'],
    ['', 'uri_invalid'],
  ])('refuses %s in production with %s', (url, problem) => {
    expect(pageUrlProblem(url, false)).toBe(problem);
  });
});
