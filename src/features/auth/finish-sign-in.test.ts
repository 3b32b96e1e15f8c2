/**
 * A provider's new account (docs/product.md §4): its sign-in goes Home to confirm a phone and keeps the
 * return path for afterwards; the confirmation, with the query cleaned, then follows it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '../../lib/services';
import type { TokenResponse, UserProfile } from '../../lib/session';
import { userProfile } from '../../lib/testing/user-profile';
import { cleanedQuery } from './screens/confirm-phone-screen';
import { finishSignIn } from './finish-sign-in';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

function services(user: UserProfile) {
  const went: string[] = [];
  const handedTo: string[] = [];
  let current: UserProfile | null = null;
  const fake = {
    session: {
      signIn: (response: TokenResponse) => {
        current = { ...user, id: response.user_uuid };
        return Promise.resolve(current);
      },
      user: { peek: () => current },
      refreshToken: () => 'r-1',
      forgetSaved: (uuid: string) => void handedTo.push(`saved ${uuid} forgotten`),
      forget: () => void handedTo.push('forgotten'),
    },
    config: { ownDomain: 'localhost', returnPathPorts: [] },
    navigate: (to: string) => void went.push(to),
    toasts: { show: () => {} },
    i18n: { t: (key: string) => key },
  } as unknown as Services;
  return { fake, went, handedTo, setUser: (next: UserProfile) => (current = next) };
}

const NEW_ACCOUNT: TokenResponse = { access: 'a', refresh: 'r-1', user_uuid: 'u-new', has_phone: false, session: 's' };

describe('finishing a provider’s new account', () => {
  it('goes Home to confirm the phone and keeps the return path for afterwards', async () => {
    sessionStorage.setItem('returnPath', 'https://shop.localhost/cart');
    const { fake, went } = services(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: null }));
    await finishSignIn(fake, NEW_ACCOUNT, true);

    expect(went).toEqual(['/?user_uuid=u-new&confirmType=phone']);
    expect(sessionStorage.getItem('returnPath')).toBe('https://shop.localhost/cart');
  });

  it("keeps FedCM's login window open until the phone is confirmed, then closes it", async () => {
    const close = vi.fn<() => void>();
    vi.stubGlobal('IdentityProvider', { close });
    localStorage.setItem('userUUID', 'u-new');
    const { fake, went, setUser } = services(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: null }));
    await finishSignIn(fake, NEW_ACCOUNT, true);
    expect(went).toEqual(['/?user_uuid=u-new&confirmType=phone']);
    expect(close).not.toHaveBeenCalled();

    localStorage.removeItem('userUUID');
    setUser(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: '+998905550011' }));
    await finishSignIn(fake, null, true, cleanedQuery('?confirmType=phone&user_uuid=u-new'));
    expect(close).toHaveBeenCalledOnce();
  });

  it('after the confirmation, reads the cleaned query: Home without confirmType', async () => {
    const { fake, went, setUser } = services(userProfile('u-new', { first: 'Aziz', last: 'K' }));
    setUser(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: '+998905550011' }));
    await finishSignIn(fake, null, true, cleanedQuery('?confirmType=phone&user_uuid=u-new&language=ru'));

    expect(went).toEqual(['/?language=ru&user_uuid=u-new']);
  });
});

/** An opener of Kirish's origin at `pathname`, recording what is posted to it. */
function frameOpener(pathname = '/embed', { forProvider = true } = {}) {
  // The provider's window marks itself at its start (social-callback-model.ts, startInPopup).
  if (forProvider) sessionStorage.setItem('socialWindow', '1');
  const posted: [unknown, string][] = [];
  vi.stubGlobal('opener', {
    location: { origin: location.origin, pathname },
    postMessage: (data: unknown, targetOrigin: string) => void posted.push([data, targetOrigin]),
  });
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { posted, close };
}

describe('finishing in the window a partner’s widget frame opened (docs/partners.md)', () => {
  const LINKED: TokenResponse = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's' };

  it('hands the session to the frame at Kirish’s origin, keeps no copy, and closes, going nowhere', async () => {
    const { posted, close } = frameOpener();
    const { fake, went, handedTo } = services(userProfile('u-1', { first: 'Aziz', last: 'K' }));
    await finishSignIn(fake, LINKED, true);

    expect(posted).toEqual([
      [
        { source: 'kirish', type: 'social-signed-in', access: 'a-1', refresh: 'r-1', user_uuid: 'u-1' },
        location.origin,
      ],
    ]);
    expect(handedTo).toEqual(['saved u-1 forgotten', 'forgotten']);
    expect(close).toHaveBeenCalledOnce();
    expect(went).toEqual([]);
  });

  it('confirms a new account’s phone first, then hands over the stored session', async () => {
    const { posted, close } = frameOpener();
    const { fake, went, setUser } = services(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: null }));
    await finishSignIn(fake, NEW_ACCOUNT, true);
    expect(posted).toEqual([]);
    expect(went).toEqual(['/?user_uuid=u-new&confirmType=phone']);

    // The confirmation's finish (confirm-phone-screen.tsx): the tokens are the ones this window stored.
    localStorage.setItem('active_session', 'a-stored');
    setUser(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: '+998905550011' }));
    await finishSignIn(fake, null, true, cleanedQuery('?confirmType=phone&user_uuid=u-new'));
    expect(posted).toEqual([
      [
        { source: 'kirish', type: 'social-signed-in', access: 'a-stored', refresh: 'r-1', user_uuid: 'u-new' },
        location.origin,
      ],
    ]);
    expect(close).toHaveBeenCalledOnce();
  });

  it('hands nothing from the "Continue with your Kirish account" popup, which the frame opened but not for a provider', async () => {
    const { posted, close } = frameOpener('/embed', { forProvider: false });
    const { fake, went } = services(userProfile('u-1', { first: 'Aziz', last: 'K' }));
    await finishSignIn(fake, LINKED, true);
    expect(posted).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    expect(went).toEqual(['/?user_uuid=u-1']);
  });

  it('hands nothing to an opener that is not the widget’s frame: the usual way on', async () => {
    const { posted, close } = frameOpener('/security/login-methods/');
    const { fake, went } = services(userProfile('u-1', { first: 'Aziz', last: 'K' }));
    await finishSignIn(fake, LINKED, true);
    expect(posted).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    expect(went).toEqual(['/?user_uuid=u-1']);
  });
});

describe('finishing a sign-in a phone app asked for (/login/mobile-*)', () => {
  const APP_REQUEST = 'client_id=kirish-demo-app&redirect_uri=uz.kirish.demo%3A%2Foauth&response_type=code&state=s';
  const KNOWN: TokenResponse = { access: 'a', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's' };

  it("goes on to the app's consent step with the kept request, once, whatever the provider's address held", async () => {
    sessionStorage.setItem('mobileAppRequest', APP_REQUEST);
    history.replaceState(null, '', '/oauth/twitter?code=c&state=x');
    const { fake, went } = services(userProfile('u-1', { first: 'Aziz', last: 'K' }));
    await finishSignIn(fake, KNOWN, true);
    await finishSignIn(fake, KNOWN, true);

    expect(went[0]).toBe(`/oauth?${APP_REQUEST}`);
    // The second sign-in has no app request left: it goes Home, as any sign-in.
    expect(went[1]?.split('?')[0]).toBe('/');
    expect(sessionStorage.getItem('mobileAppRequest')).toBeNull();
  });

  it("confirms a new account's phone first, and only the confirmation's sign-in goes on to the app", async () => {
    sessionStorage.setItem('mobileAppRequest', APP_REQUEST);
    // The provider's callback keeps the pending id (social-callback-model.ts) before it finishes the sign-in.
    localStorage.setItem('userUUID', 'u-new');
    history.replaceState(null, '', '/oauth/telegram');
    const { fake, went, setUser } = services(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: null }));
    await finishSignIn(fake, NEW_ACCOUNT, true);

    expect(went).toEqual(['/?user_uuid=u-new&confirmType=phone']);
    expect(sessionStorage.getItem('mobileAppRequest')).toBe(APP_REQUEST);

    // Home's confirmation: the pending id goes, the profile has its phone, and the sign-in finishes again.
    localStorage.removeItem('userUUID');
    setUser(userProfile('u-new', { first: 'Aziz', last: 'K' }, { phone: '+998905550011' }));
    await finishSignIn(fake, null, true, cleanedQuery('?confirmType=phone&user_uuid=u-new'));
    expect(went[1]).toBe(`/oauth?${APP_REQUEST}`);
    expect(sessionStorage.getItem('mobileAppRequest')).toBeNull();
  });

  it("leaves an address's own client_id in charge", async () => {
    sessionStorage.setItem('mobileAppRequest', APP_REQUEST);
    history.replaceState(null, '', '/login?client_id=shop&state=t');
    const { fake, went } = services(userProfile('u-1', { first: 'Aziz', last: 'K' }));
    await finishSignIn(fake, KNOWN, true);

    expect(went).toEqual(['/oauth?client_id=shop&state=t']);
  });
});
