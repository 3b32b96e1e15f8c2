import { describe, expect, it } from 'vitest';
import { isValidUrl, redirectOrigin } from './url';

describe('isValidUrl', () => {
  it.each([
    'kirish.uz',
    'https://www.kirish.uz/a/b?x=1',
    'ftp://files.example.com',
    'http://kirish.uz',
    'www.kirish.uz',
    'HTTPS://WWW.KIRISH.UZ/A',
    'market.kirish.uz/path/',
    'kirish.uz?x=1',
    'https://kirish.uz/#top',
    'https://kirish.uz:8443/x',
    'my-site.example.co.uk',
    'https://сайт.рф',
    'https://xn--80aswg.xn--p1ai/',
    '  kirish.uz  ',
  ])('accepts %j', (text) => {
    expect(isValidUrl(text)).toBe(true);
  });

  it.each([
    'kirish',
    'mailto:a@b.uz',
    'http://kirish.u',
    'javascript:alert(1)',
    'https://exa mple.com',
    '',
    '   ',
    'https://',
    'gopher://kirish.uz',
    'https:/kirish.uz',
    'https//kirish.uz',
    'kirish.uz.',
    '.kirish.uz',
    'kirish..uz',
    '-kirish.uz',
    'kirish-.uz',
    'kirish.u2',
    'kirish.123',
    'http://127.0.0.1',
    'https://user:pw@kirish.uz',
    'https://kirish.uz/a b',
    'https://kirish.uz:port',
    'kirish_uz.com',
  ])('refuses %j', (text) => {
    expect(isValidUrl(text)).toBe(false);
  });
});

describe('redirectOrigin', () => {
  it('is the origin of a web redirect URI, with its port, and the scheme of an app’s own', () => {
    expect(redirectOrigin('https://shop.uz/cb?x=1')).toBe('https://shop.uz');
    expect(redirectOrigin('http://127.0.0.1:18090/cb')).toBe('http://127.0.0.1:18090');
    expect(redirectOrigin('uz.shop.app:/callback')).toBe('uz.shop.app:');
    expect(redirectOrigin('not an address')).toBeNull();
  });
});
