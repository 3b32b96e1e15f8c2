import { describe, expect, it } from 'vitest';
import { decideAfterLogin, hasPhoneOf, type AfterLoginFacts } from './after-login';

const facts = (overrides: Partial<AfterLoginFacts> = {}): AfterLoginFacts => ({
  userUuid: 'u-1',
  hasPhone: true,
  deactivated: false,
  returnPath: null,
  search: new URLSearchParams(),
  ownDomain: 'kirish.uz',
  returnPathPorts: [],
  loopbackAllowed: false,
  refreshToken: 'r-1',
  deviceId: 'd-1',
  ...overrides,
});

describe('after a sign-in (docs/product.md §4)', () => {
  it('goes Home with user_uuid when there is no return path', () => {
    expect(decideAfterLogin(facts())).toEqual({ go: 'home', path: '/?user_uuid=u-1', refusedReturnPath: false });
  });

  it('refuses a return path on the own domain at a port no one configured: the refresh token goes nowhere', () => {
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz:8443/' }))).toEqual({
      go: 'home',
      path: '/?user_uuid=u-1',
      refusedReturnPath: true,
    });
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz:8443/', returnPathPorts: [8443] }))).toMatchObject({
      go: 'return',
      url: 'https://kirish.uz:8443/#refresh=r-1&sso_id=u-1&device_id=d-1',
    });
  });

  it('adds confirmType when the account has no phone, and keeps the query', () => {
    const decision = decideAfterLogin(facts({ hasPhone: false, search: new URLSearchParams('language=ru') }));
    expect(decision).toEqual({
      go: 'home',
      path: '/?language=ru&user_uuid=u-1&confirmType=phone',
      refusedReturnPath: false,
    });
  });

  it('hands off to an own-domain return path with the refresh token, sso id and device id in the fragment', () => {
    const decision = decideAfterLogin(facts({ returnPath: 'market.kirish.uz/orders?x=1' }));
    expect(decision).toEqual({
      go: 'return',
      url: 'https://market.kirish.uz/orders?x=1#refresh=r-1&sso_id=u-1&device_id=d-1',
    });
  });

  it('hands a loopback return path nothing on a production site: it goes Home saying so (RFC 8252 §7.3)', () => {
    for (const returnPath of ['http://127.0.0.1:53682/cb', 'localhost:3000', 'https://localhost/x']) {
      const decision = decideAfterLogin(facts({ returnPath }));
      expect(decision).toEqual({ go: 'home', path: '/?user_uuid=u-1', refusedReturnPath: true });
      expect(JSON.stringify(decision)).not.toContain('r-1');
    }
  });

  it("hands off to a loopback return path where the site itself runs on the developer's machine", () => {
    const decision = decideAfterLogin(facts({ returnPath: 'http://127.0.0.1:53682/cb', loopbackAllowed: true }));
    expect(decision).toEqual({ go: 'return', url: 'http://127.0.0.1:53682/cb#refresh=r-1&sso_id=u-1&device_id=d-1' });
  });

  it('refuses a foreign return path and goes Home saying so', () => {
    for (const returnPath of [
      '//evil.com',
      'https://kirish.uz@evil.com',
      'https://kirish.uz.evil.com',
      'javascript:alert(1)',
    ]) {
      expect(decideAfterLogin(facts({ returnPath }))).toEqual({
        go: 'home',
        path: '/?user_uuid=u-1',
        refusedReturnPath: true,
      });
    }
  });

  it('does not use the return path for a deactivated account or one without a phone', () => {
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz/x', deactivated: true }))).toMatchObject({
      go: 'home',
    });
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz/x', hasPhone: false }))).toMatchObject({
      go: 'home',
    });
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz/x', hasPhone: undefined }))).toMatchObject({
      go: 'return',
    });
  });

  it('counts a token response without has_phone as an account with a phone, whatever its profile says', () => {
    const emailOnly = { phone: null };
    const hasPhone = hasPhoneOf({}, emailOnly);
    expect(hasPhone).not.toBe(false);
    expect(decideAfterLogin(facts({ returnPath: 'https://kirish.uz/x', hasPhone }))).toMatchObject({ go: 'return' });
    expect(decideAfterLogin(facts({ hasPhone }))).toEqual({
      go: 'home',
      path: '/?user_uuid=u-1',
      refusedReturnPath: false,
    });
    expect(hasPhoneOf({ has_phone: false }, { phone: '+998901234567' })).toBe(false);
  });

  it('asks the profile when a saved account was switched to (no token response)', () => {
    expect(hasPhoneOf(null, { phone: null })).toBe(false);
    expect(hasPhoneOf(null, { phone: '+998901234567' })).toBe(true);
  });

  it('goes back to the consent step with the whole query when a client_id is in it, ignoring any return path', () => {
    const search = new URLSearchParams(
      'client_id=kirish-demo&redirect_uri=http%3A%2F%2F127.0.0.1%3A8081%2Fcallback&state=s%20t',
    );
    expect(decideAfterLogin(facts({ search, returnPath: 'https://kirish.uz' }))).toEqual({
      go: 'oauth',
      path: `/oauth?${search.toString()}`,
    });
  });
});
