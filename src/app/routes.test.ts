import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute as matchPattern } from 'wouter';
import { HELP_CENTER_ROUTES, isHelpCentrePath, matchRoute, type LayoutName, type ScreenName } from './routes';

/** wouter's own matcher with its default parser (regexparam), as route-view.tsx calls it. */
function resolve(path: string) {
  const { route, params } = matchRoute(path, (pattern, candidate) => {
    const [matched, values] = matchPattern(parse, pattern, candidate);
    return matched ? (values as Record<string, string>) : null;
  });
  return { name: route.name, layout: route.layout, params };
}

const TABLE: [path: string, name: ScreenName, layout: LayoutName][] = [
  ['/login', 'Login', 'auth'],
  ['/login/mobile-telegram', 'LoginMobileTelegram', 'auth'],
  ['/login/mobile-twitter', 'LoginMobileTwitter', 'auth'],
  ['/register', 'Register', 'auth'],
  ['/oauth', 'OAuth', 'auth'],
  ['/reset-password', 'ResetPassword', 'auth'],
  ['/oauth/google', 'MidOauth', 'auth'],

  ['/help-center', 'HelpCenter', 'static'],
  ['/help-center/faq', 'HelpCenterSingle', 'static'],
  ['/help-center/my-complaints', 'UserComplains', 'static'],
  ['/mobile-privacy', 'HelpCenterSingleMobile', 'custom'],

  ['/', 'Home', 'default'],
  ['/pay', 'Pay', 'default'],
  ['/personal', 'Personal', 'default'],
  ['/personal/edit', 'PersonalEdit', 'default'],
  ['/personal/edit/name', 'PersonalEditPart', 'default'],
  ['/personal/edit/birth-date', 'PersonalEditPart', 'default'],
  ['/personal/edit/photo', 'PersonalEditPart', 'default'],
  ['/personal/address', 'PersonalAddress', 'default'],
  ['/personal/qr-scanner', 'QrScanner', 'empty'],
  ['/projects/hissa', 'Hissa', 'default'],

  ['/projects/review', 'ReviewsCompanies', 'default'],
  ['/projects/review/my-companies', 'ReviewsMyCompanies', 'default'],
  ['/projects/review/my-reviews', 'ReviewsMyReviews', 'default'],
  ['/projects/review/my-achievements', 'ReviewsMyAchievements', 'default'],

  ['/security', 'Security', 'default'],
  ['/security/user-data/secondary-phone', 'SecuritySecondaryPhone', 'default'],
  ['/security/user-data/secondary-email', 'SecuritySecondaryEmail', 'default'],
  ['/security/user-data/edit-phone', 'SecurityEditPhone', 'default'],
  ['/security/user-data/email', 'SecurityEmail', 'default'],
  ['/security/user-data/password/', 'SecurityPassword', 'default'],
  ['/security/user-data/reset-password/', 'SecurityResetPassword', 'default'],
  ['/security/login-methods/', 'SecurityLoginMethods', 'default'],
  ['/security/active-sessions/', 'SecurityActiveSessions', 'default'],
  ['/security/two-step/', 'SecurityTwoStep', 'default'],

  ['/developers', 'Developers', 'default'],
  ['/developers/new', 'DevelopersNewApp', 'default'],
  ['/developers/guide', 'DevelopersGuide', 'static'],
  ['/developers/shop-uz-1a2b', 'DevelopersApp', 'default'],

  ['/deleted-account', 'DeletedAccount', 'deleted'],
  ['/validation', 'Validation', 'empty'],
  ['/version', 'Version', 'empty'],
  ['/nope', 'NotFound', 'error'],
];

describe('the route table (docs/product.md §2)', () => {
  it('resolves every path to its screen and layout', () => {
    for (const [path, name, layout] of TABLE) {
      const { name: gotName, layout: gotLayout } = resolve(path);
      expect({ name: gotName, layout: gotLayout }, path).toEqual({ name, layout });
    }
  });

  it('resolves the security pages with or without the trailing slash', () => {
    expect(resolve('/security/active-sessions/')).toMatchObject({ name: 'SecurityActiveSessions', layout: 'default' });
    expect(resolve('/security/active-sessions')).toMatchObject({ name: 'SecurityActiveSessions', layout: 'default' });
    expect(resolve('/security/user-data/password')).toMatchObject({ name: 'SecurityPassword' });
    expect(resolve('/security/')).toMatchObject({ name: 'Security' });
    expect(resolve('/personal/')).toMatchObject({ name: 'Personal' });
  });

  it('sends /oauth/{provider} to MidOauth with the provider and the rest of the path', () => {
    expect(resolve('/oauth/google')).toMatchObject({ name: 'MidOauth', params: { provider: 'google' } });
    expect(resolve('/oauth/telegram/a/b')).toMatchObject({
      name: 'MidOauth',
      layout: 'auth',
      params: { provider: 'telegram', '*': 'a/b' },
    });
  });

  it('sends bare /oauth to the consent screen, not to MidOauth', () => {
    expect(resolve('/oauth')).toMatchObject({ name: 'OAuth', layout: 'auth' });
  });

  it('gives /mobile-{page} the custom layout and its page', () => {
    expect(resolve('/mobile-privacy')).toEqual({
      name: 'HelpCenterSingleMobile',
      layout: 'custom',
      params: { page: 'privacy' },
    });
    expect(resolve('/mobile-terms/')).toMatchObject({ name: 'HelpCenterSingleMobile', params: { page: 'terms' } });
  });

  it('shows my-complaints as its own page, not as a help-centre article', () => {
    expect(resolve('/help-center/my-complaints')).toMatchObject({ name: 'UserComplains', layout: 'static' });
    expect(resolve('/help-center/faq')).toMatchObject({
      name: 'HelpCenterSingle',
      layout: 'static',
      params: { id: 'faq' },
    });
  });

  it('tells the help-centre paths (where a lost session stays on the page, main.tsx) as the table does', () => {
    const paths = [...TABLE.map(([path]) => path), '/help-center/my-complaints?id=x', '/mobile-faq/', '/help-centers'];
    for (const path of paths) {
      const pathname = path.split('?')[0] ?? path;
      expect([path, isHelpCentrePath(pathname)]).toEqual([path, HELP_CENTER_ROUTES.has(resolve(pathname).name)]);
    }
    expect(isHelpCentrePath('/help-center/my-complaints')).toBe(true);
    expect(isHelpCentrePath('/security')).toBe(false);
  });

  it('gives /developers/{client_id} the app page with its id, and /developers/new the form', () => {
    expect(resolve('/developers/k_7Hq2')).toMatchObject({ name: 'DevelopersApp', params: { clientId: 'k_7Hq2' } });
    expect(resolve('/developers/new/')).toMatchObject({ name: 'DevelopersNewApp' });
  });

  it('shows the 404 page for unknown paths', () => {
    for (const path of ['/nope', '/personal/nope', '/mobile-', '/help-center/faq/extra', '/loginx']) {
      expect(resolve(path), path).toEqual({ name: 'NotFound', layout: 'error', params: {} });
    }
  });
});
