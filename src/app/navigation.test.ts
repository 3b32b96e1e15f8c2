import { signal } from '@preact/signals-react';
import { parse } from 'regexparam';
import { beforeEach, describe, expect, it } from 'vitest';
import type { I18n } from '../lib/i18n';
import type { Session, UserProfile } from '../lib/session';
import { routeMatcher } from './guarded-location';
import { createNavigation, type Address } from './navigation';

/** A session whose stored token and profile answer are set by the test. */
function fakeSession(options: { token?: string | null; profile?: Partial<UserProfile> | null } = {}) {
  let token = options.token ?? null;
  const user = signal<UserProfile | null>(null);
  const verified: string[] = [];
  const session = {
    user,
    hasToken: () => token !== null,
    adoptToken: (access: string) => {
      token = access;
      user.value = null;
    },
    verify: async () => {
      verified.push(token ?? '');
      user.value = options.profile ? ({ is_inactivated: false, ...options.profile } as UserProfile) : null;
      return user.value;
    },
    forget: () => {
      token = null;
      user.value = null;
    },
  };
  return { session: session as unknown as Session, verified };
}

const i18n = { locale: signal('uz'), setLocale: async () => undefined } as unknown as I18n;

const nothing = () => {};
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
function addressOf(to: string): Address {
  const [path, search = ''] = to.split('?');
  return { path: path ?? '/', search };
}

/** A navigation over a fake address bar: `replace` changes it, and the change comes back as the browser's would. */
function harness(start: string, session: Session, prerendered = false) {
  let address = addressOf(start);
  let onChange = nothing;
  const replaced: string[] = [];
  const shownRoutes: string[] = [];
  const navigation = createNavigation(
    {
      services: { session, i18n, config: { product: 'kirish' } as never },
      address: () => address,
      replace: (to) => {
        replaced.push(to);
        address = addressOf(to);
        onChange();
      },
      routeAt: routeMatcher(parse),
      onShown: (route) => shownRoutes.push(route.name),
    },
    { address, prerendered },
  );
  const stop = navigation.start((listener) => {
    onChange = listener;
    return () => (onChange = nothing);
  });
  /** The person goes to `to` (a link, back or forward): the address bar changes, and says so. */
  const moveTo = (to: string) => {
    address = addressOf(to);
    onChange();
  };
  return { navigation, replaced, shownRoutes, stop, moveTo };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the navigation model (docs/product.md §2)', () => {
  it('sends a signed-out visitor of a private page to Login with the query kept, and never shows the private page', async () => {
    const { session } = fakeSession();
    const { navigation, replaced, shownRoutes } = harness('/security?client_id=shop&x=1', session);
    await settled();

    expect(replaced).toEqual(['/login?client_id=shop&x=1']);
    expect(shownRoutes).toEqual(['Login']);
    expect(navigation.shown.value?.route.name).toBe('Login');
    expect(navigation.decided.value).toEqual({ path: '/login', search: 'client_id=shop&x=1' });
    expect(navigation.loading.value).toBe(false);
  });

  it('verifies a stored token before deciding, and shows the private page to its owner', async () => {
    const { session, verified } = fakeSession({ token: 'access-1', profile: { id: 'u1' } });
    const { navigation, replaced } = harness('/security', session);
    await settled();

    expect(verified).toEqual(['access-1']);
    expect(replaced).toEqual([]);
    expect(navigation.shown.value?.route.name).toBe('Security');
  });

  it('forgets a token the server refuses and sends the visitor to Login', async () => {
    const { session } = fakeSession({ token: 'stale', profile: null });
    const { navigation, replaced } = harness('/', session);
    await settled();

    expect(session.hasToken()).toBe(false);
    expect(replaced).toEqual(['/login']);
    expect(navigation.shown.value?.route.name).toBe('Login');
  });

  it('adopts a token from the query and takes it out of the address before anything is shown (step 6)', async () => {
    const { session, verified } = fakeSession({ profile: { id: 'u1' } });
    const { navigation, replaced } = harness('/personal?token=abc&x=1', session);
    await settled();

    expect(replaced).toEqual(['/personal?x=1']);
    expect(verified).toEqual(['abc']);
    expect(navigation.decided.value).toEqual({ path: '/personal', search: 'x=1' });
    expect(navigation.shown.value?.route.name).toBe('Personal');
  });

  it('takes the one-shot parameters out of the address once read, keeping the rest (issue 12)', async () => {
    const { session } = fakeSession();
    const { navigation, replaced } = harness(
      '/login?language=ru&kirishSource=bozor&returnPath=https%3A%2F%2Fshop.kirish.uz%2F&x=1',
      session,
    );
    await settled();

    expect(replaced).toEqual(['/login?x=1']);
    expect(navigation.decided.value).toEqual({ path: '/login', search: 'x=1' });
    expect(sessionStorage.getItem('returnPath')).toBe('https://shop.kirish.uz/');
    expect(document.cookie).toContain('kirish_source=bozor');
  });

  it("opens a phone app's help page in the language its lang names, with isMobile (docs/product.md §2)", async () => {
    const { session } = fakeSession();
    const locale = i18n.locale as ReturnType<typeof signal<string>>;
    const original = i18n.setLocale;
    i18n.setLocale = async (next) => {
      locale.value = next;
    };
    try {
      const { navigation, replaced, shownRoutes } = harness('/mobile-terms?lang=ru&isMobile=true', session);
      await settled();
      expect(locale.value).toBe('ru');
      expect(replaced).toEqual([]);
      expect(navigation.decided.value).toEqual({ path: '/mobile-terms', search: 'lang=ru&isMobile=true' });
      expect(shownRoutes).toEqual(['HelpCenterSingleMobile']);
    } finally {
      i18n.setLocale = original;
      locale.value = 'uz';
    }
  });

  it('keeps user_uuid on Home while the pending account confirms its phone, and drops it otherwise (docs/product.md §4)', async () => {
    localStorage.setItem('userUUID', 'u1');
    const { session } = fakeSession({ token: 't', profile: { id: 'u1' } });
    const confirming = harness('/?confirmType=phone&user_uuid=u1&language=ru', session);
    await settled();
    expect(confirming.replaced).toEqual(['/?confirmType=phone&user_uuid=u1']);
    expect(confirming.navigation.shown.value?.route.name).toBe('Home');

    localStorage.removeItem('userUUID');
    const done = harness('/?user_uuid=u1', fakeSession({ token: 't', profile: { id: 'u1' } }).session);
    await settled();
    expect(done.replaced).toEqual(['/']);
  });

  it('sends a signed-out visit to /?confirmType=… with nothing pending to Login, not to an empty page', async () => {
    const { session } = fakeSession();
    const { navigation, replaced } = harness('/?confirmType=phone&user_uuid=u1', session);
    await settled();
    expect(replaced).toEqual(['/login?confirmType=phone&user_uuid=u1', '/login?confirmType=phone']);
    expect(navigation.shown.value?.route.name).toBe('Login');
  });

  it("leaves an app's request as it came: its query travels on to consent", async () => {
    const { session } = fakeSession({ token: 't', profile: { id: 'u1' } });
    const { navigation, replaced } = harness(
      '/oauth?client_id=shop&language=ru&redirect_uri=https%3A%2F%2Fshop.example%2Fcb',
      session,
    );
    await settled();

    expect(replaced).toEqual([]);
    expect(navigation.shown.value?.route.name).toBe('OAuth');
  });

  it('sends a deactivated account to DeletedAccount (step 5)', async () => {
    const { session } = fakeSession({ token: 't', profile: { id: 'u1', is_inactivated: true } });
    const { navigation, replaced } = harness('/personal', session);
    await settled();

    expect(replaced).toEqual(['/deleted-account']);
    expect(navigation.shown.value?.route.name).toBe('DeletedAccount');
  });

  it('shows a prerendered page at once, before the guard has answered', () => {
    const { session } = fakeSession();
    const { navigation } = harness('/login', session, true);

    expect(navigation.shown.value).toMatchObject({ arrived: true });
    expect(navigation.shown.value?.route.name).toBe('Login');
    expect(navigation.loading.value).toBe(false);
  });

  it('shows nothing while a decision waits, and drops a decision that a later address overtook', async () => {
    let release = nothing;
    const { session } = fakeSession({ token: 't', profile: { id: 'u1' } });
    const verify = session.verify.bind(session);
    // The first check of the token hangs until released; a later one answers at once.
    let calls = 0;
    session.verify = () =>
      calls++ === 0
        ? new Promise<UserProfile | null>((resolve) => (release = () => void verify().then(resolve)))
        : verify();
    const { navigation, shownRoutes, moveTo } = harness('/security', session);
    await settled();
    expect(navigation.shown.value).toBeNull();
    expect(navigation.loading.value).toBe(true);

    moveTo('/version');
    await settled();
    expect(navigation.shown.value?.route.name).toBe('Version');
    release();
    await settled();

    expect(shownRoutes).toEqual(['Version']);
    expect(navigation.decided.value.path).toBe('/version');
  });
});
