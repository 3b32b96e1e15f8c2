import { describe, expect, it } from 'vitest';
import { decide, withoutParams, type GuardFacts } from './guard';
import { AUTH_ROUTES, NOT_FOUND, OPEN_ROUTES, ROUTES, type RouteDef, type ScreenName } from './routes';

function route(name: ScreenName): RouteDef {
  const found = name === 'NotFound' ? NOT_FOUND : ROUTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no route named ${name}`);
  return found;
}

const signedOut = { signedIn: false, deactivated: false };
const active = { signedIn: true, deactivated: false };
const deactivated = { signedIn: true, deactivated: true };

function facts(
  name: ScreenName,
  who: { signedIn: boolean; deactivated: boolean },
  overrides: Partial<GuardFacts> = {},
): GuardFacts {
  return { route: route(name), search: new URLSearchParams(), pendingUser: false, ...who, ...overrides };
}

const show = { action: 'show' };
const redirect = (to: string) => ({ action: 'redirect', to });

/** docs/product.md §2's auth layout table: the pages a signed-out or deactivated user may always open. */
const LISTED_AUTH_ROUTES: ScreenName[] = [
  'Login',
  'LoginMobileTelegram',
  'LoginMobileTwitter',
  'Register',
  'OAuth',
  'ResetPassword',
  'MidOauth',
];
/** docs/product.md §2/§6: help centre, the mobile pages, /version and the 404 page are open without signing in; so is the partner guide. */
const LISTED_OPEN_ROUTES: ScreenName[] = [
  'HelpCenter',
  'HelpCenterSingle',
  'HelpCenterSingleMobile',
  'Version',
  'NotFound',
  'DevelopersGuide',
];
const PROTECTED: ScreenName[] = [
  'Home',
  'Pay',
  'Personal',
  'PersonalEdit',
  'PersonalAddress',
  'QrScanner',
  'Hissa',
  'ReviewsMyCompanies',
  'ReviewsMyReviews',
  'ReviewsMyAchievements',
  'Security',
  'SecuritySecondaryPhone',
  'SecuritySecondaryEmail',
  'SecurityEditPhone',
  'SecurityEmail',
  'SecurityPassword',
  'SecurityResetPassword',
  'SecurityLoginMethods',
  'SecurityActiveSessions',
  'SecurityTwoStep',
  'Validation',
];

describe('the allow lists (docs/product.md §2 step 7, §6)', () => {
  it('lists exactly the auth layout pages, and the widget embed page, as auth routes', () => {
    expect([...AUTH_ROUTES].toSorted()).toEqual([...LISTED_AUTH_ROUTES, 'Embed'].toSorted());
    expect(
      ROUTES.filter((r) => r.layout === 'auth')
        .map((r) => r.name)
        .toSorted(),
    ).toEqual(LISTED_AUTH_ROUTES.toSorted());
  });

  it('lists exactly the help centre, mobile pages, /version, 404 and the partner guide as open routes', () => {
    expect([...OPEN_ROUTES].toSorted()).toEqual(LISTED_OPEN_ROUTES.toSorted());
  });
});

describe('route redirects', () => {
  it('sends /help-center to its privacy policy page, signed in or not', () => {
    expect(decide(facts('HelpCenter', signedOut))).toEqual(redirect('/help-center/privacy-policy'));
    expect(decide(facts('HelpCenter', active))).toEqual(redirect('/help-center/privacy-policy'));
  });

  it('sends /projects/review to my-companies', () => {
    expect(decide(facts('ReviewsCompanies', active))).toEqual(redirect('/projects/review/my-companies'));
  });
});

describe('help-centre pages (docs/product.md §2 step 1, §6)', () => {
  it('are shown to a signed-out visitor', () => {
    for (const name of ['HelpCenterSingle', 'UserComplains', 'HelpCenterSingleMobile'] as const) {
      expect(decide(facts(name, signedOut)), name).toEqual(show);
    }
  });

  it('are shown to a deactivated user instead of sending them to DeletedAccount', () => {
    for (const name of ['HelpCenterSingle', 'UserComplains', 'HelpCenterSingleMobile'] as const) {
      expect(decide(facts(name, deactivated)), name).toEqual(show);
    }
  });
});

describe('Home while a sign-up is pending (docs/product.md §2 step 4)', () => {
  it('is shown to a signed-out visitor with a stored pending user id', () => {
    expect(decide(facts('Home', signedOut, { pendingUser: true }))).toEqual(show);
  });

  it('sends a signed-out visitor with a confirmType query but no pending user to Login, the query kept', () => {
    const search = new URLSearchParams('confirmType=phone&language=ru');
    expect(decide(facts('Home', signedOut, { search }))).toEqual(redirect('/login?confirmType=phone&language=ru'));
  });

  it('shows Home to a signed-in visitor with a confirmType query (nothing pending: the page itself)', () => {
    expect(decide(facts('Home', active, { search: new URLSearchParams('confirmType=phone') }))).toEqual(show);
  });

  it('lets a pending user id through to Home only, not to other pages', () => {
    expect(decide(facts('Personal', signedOut, { pendingUser: true }))).toEqual(redirect('/login'));
  });
});

describe('deactivated users (docs/product.md §2 step 5, §6)', () => {
  it('are sent to /deleted-account from the account pages', () => {
    for (const name of ['Home', 'Personal', 'Security', 'Pay', 'SecurityActiveSessions'] as const) {
      expect(decide(facts(name, deactivated)), name).toEqual(redirect('/deleted-account'));
    }
  });

  it('may open every auth page', () => {
    for (const name of LISTED_AUTH_ROUTES) {
      expect(decide(facts(name, deactivated)), name).toEqual(show);
    }
  });

  it('are shown DeletedAccount', () => {
    expect(decide(facts('DeletedAccount', deactivated))).toEqual(show);
  });
});

describe('DeletedAccount for everyone else (docs/product.md §6)', () => {
  it('sends a signed-out visitor to /', () => {
    expect(decide(facts('DeletedAccount', signedOut))).toEqual(redirect('/'));
  });

  it('sends an active user to /', () => {
    expect(decide(facts('DeletedAccount', active))).toEqual(redirect('/'));
  });
});

describe('signed-out visitors (docs/product.md §2 step 7)', () => {
  it('go from a protected page to /login with the query kept', () => {
    const search = new URLSearchParams('returnPath=https%3A%2F%2Fshop.kirish.uz%2Fcart&x=1');
    expect(decide(facts('Personal', signedOut, { search }))).toEqual(
      redirect('/login?returnPath=https%3A%2F%2Fshop.kirish.uz%2Fcart&x=1'),
    );
  });

  it('go to plain /login when there is no query', () => {
    for (const name of PROTECTED) {
      expect(decide(facts(name, signedOut)), name).toEqual(redirect('/login'));
    }
  });

  it('are shown the open pages', () => {
    for (const name of ['Version', 'NotFound', 'HelpCenterSingleMobile'] as const) {
      expect(decide(facts(name, signedOut)), name).toEqual(show);
    }
  });

  it('are shown the auth pages', () => {
    for (const name of LISTED_AUTH_ROUTES) {
      expect(decide(facts(name, signedOut)), name).toEqual(show);
    }
  });
});

describe('signed-in active users', () => {
  it('are shown every protected page', () => {
    for (const name of PROTECTED) {
      expect(decide(facts(name, active)), name).toEqual(show);
    }
  });
});

describe('withoutParams', () => {
  it('drops the named parameters and keeps the rest in order', () => {
    const search = new URLSearchParams('lang=ru&a=1&token=t&b=2&lang=en');
    expect(withoutParams(search, ['lang', 'token']).toString()).toBe('a=1&b=2');
  });

  it('leaves the given parameters untouched', () => {
    const search = new URLSearchParams('lang=ru&a=1');
    withoutParams(search, ['lang']);
    expect(search.toString()).toBe('lang=ru&a=1');
  });
});
