import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults every service to this origin, so a fresh build talks to its own server', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      ssoApi: '/sso/api/v1',
      ssoApiV2: '/sso/api/v2',
      commonApi: '/common/api/v1',
      paymentApi: '/payment/api',
      imageCdn: '/cdn',
      mainSite: '/',
      product: 'kirish',
      ownDomain: 'localhost',
      sentryDsn: '',
      version: 'dev',
      commit: 'unknown',
    });
  });

  it('takes absolute service URLs and drops their trailing slashes', () => {
    const config = loadConfig({
      VITE_SSO_API: 'https://sso.kirish.uz/sso/api/v1/',
      VITE_IMAGE_CDN: 'https://cdn.kirish.uz/',
    });
    expect(config.ssoApi).toBe('https://sso.kirish.uz/sso/api/v1');
    expect(config.imageCdn).toBe('https://cdn.kirish.uz');
  });

  it('reads the return path’s extra ports, none by default, and refuses anything but ports', () => {
    expect(loadConfig({}).returnPathPorts).toEqual([]);
    expect(loadConfig({ VITE_RETURN_PATH_PORTS: ' 8443, 9443,8443 ' }).returnPathPorts).toEqual([8443, 9443]);
    for (const raw of ['0', '65536', 'https', '8443;9443', '-1'])
      expect(() => loadConfig({ VITE_RETURN_PATH_PORTS: raw }), raw).toThrow(
        /^VITE_RETURN_PATH_PORTS must be ports 1–65535/,
      );
  });

  it('reads the build version and commit', () => {
    expect(loadConfig({ VITE_KIRISH_VERSION: '1.2.3', VITE_KIRISH_COMMIT: 'abc1234' })).toMatchObject({
      version: '1.2.3',
      commit: 'abc1234',
    });
  });

  it.each([
    ['VITE_SSO_API', 'ftp://files.example/api', /VITE_SSO_API must be a path/],
    ['VITE_COMMON_API', '//evil.example/api', /VITE_COMMON_API must be a path/],
    ['VITE_KIRISH_PRODUCT', 'Kirish!', /VITE_KIRISH_PRODUCT must be lower-case/],
    ['VITE_KIRISH_DOMAIN', 'kirish.uz/path', /VITE_KIRISH_DOMAIN must be a host name/],
    ['VITE_SENTRY_DSN', 'http://key@sentry.example/1', /VITE_SENTRY_DSN must be a Sentry DSN/],
  ])('refuses %s=%s with a message that names the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('accepts a well-formed Sentry DSN', () => {
    expect(loadConfig({ VITE_SENTRY_DSN: 'https://public@o1.ingest.sentry.example/42' }).sentryDsn).toBe(
      'https://public@o1.ingest.sentry.example/42',
    );
  });
});
