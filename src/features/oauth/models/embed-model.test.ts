import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SSO,
  PARTNER,
  AZIZ,
  PROFILE,
  deferred,
  setup,
  AUTHORIZED,
  stageOf,
  posts,
} from '../test-support/embed-model-setup';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the widget frame on arrival', () => {
  it('offers "Continue as" for a kept session once the origin is confirmed, and posts ready', async () => {
    const origin = deferred<string | null>();
    const { model, posted } = await setup({ origin: origin.promise });
    expect(stageOf(model)).toBe('checking');
    origin.resolve(PARTNER);
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    expect(posts(posted)).toEqual(['ready']);
  });

  it('shows the sign-in form at once without a kept session', async () => {
    const { model } = await setup({ signedIn: false });
    expect(model.stage.value).toEqual({ name: 'signin', flow: 'sign-in', fresh: false });
  });

  it('ends on the refusal when the server does not confirm the origin, posting nothing', async () => {
    const { model, posted } = await setup({ origin: null });
    await vi.waitFor(() => expect(stageOf(model)).toBe('refused'));
    model.continueAs();
    expect([stageOf(model), posted]).toEqual(['refused', []]);
  });

  it('answers a silent request without a click (OpenID Connect Core §3.1.2.1)', async () => {
    const { model, posted } = await setup({ search: '&prompt=none' });
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
  });
});

describe('"Continue as"', () => {
  it('authorizes and answers the partner', async () => {
    const { model, posted, server } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.continueAs();
    expect(stageOf(model)).toBe('authorizing');
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
    expect(server.calls.filter((call) => call.endsWith('/oauth/authorize/'))).toHaveLength(1);
  });

  it('is not lost when tapped during the first focus check, and the check does not move the stage back', async () => {
    const { model, posted, server, session } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    // The tap's own focus starts the page's focus check (main.tsx): its profile read is still under way.
    const profileRead = deferred<void>();
    server.hold(`get ${SSO}/user/MyProfile`, profileRead.promise);
    const checked = session.check();
    // The authorization's answer comes only after the check's.
    const authorization = deferred<void>();
    server.hold(`post ${SSO}/oauth/authorize/`, authorization.promise);
    model.continueAs();
    expect(stageOf(model)).toBe('authorizing');
    profileRead.resolve();
    await checked;
    expect(session.user.value).toEqual(AZIZ);
    expect(stageOf(model)).toBe('authorizing');
    authorization.resolve();
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
  });

  it('is not taken back by an origin check that answers after the tap', async () => {
    const origin = deferred<string | null>();
    const { model, posted } = await setup({ origin: origin.promise });
    // (The screen shows "Continue as" only after the check; the model holds even if a tap came first.)
    model.continueAs();
    expect(stageOf(model)).toBe('authorizing');
    origin.resolve(PARTNER);
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
  });

  it('asks the server once however many times it is pressed', async () => {
    const { model, server } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.continueAs();
    const asking = model.stage.value;
    model.continueAs();
    expect(model.stage.value).toBe(asking);
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    model.continueAs();
    expect(stageOf(model)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.calls.filter((call) => call.endsWith('/oauth/authorize/'))).toHaveLength(1);
  });

  it('ends on "Try again" when the later code fails to download, and a try that loads signs the partner in', async () => {
    let failures = 1;
    const later = () =>
      failures-- > 0
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : import('../frame-later');
    const { model, posted } = await setup({ later });
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.continueAs();
    await vi.waitFor(() => expect(stageOf(model)).toBe('failed'));
    expect(posted).not.toContainEqual(AUTHORIZED);
    model.retry();
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
  });

  it('"Use another account" goes to a fresh sign-in, without the saved accounts', async () => {
    const { model } = await setup();
    await vi.waitFor(() => expect(stageOf(model)).toBe('account'));
    model.signInAgain();
    expect(model.stage.value).toEqual({ name: 'signin', flow: 'sign-in', fresh: true });
  });
});

describe('a reload in the middle of the flow', () => {
  it('starts the new page on "Continue as" for the kept session, and the old page\'s late answer changes nothing there', async () => {
    const first = await setup();
    await vi.waitFor(() => expect(stageOf(first.model)).toBe('account'));
    const authorization = deferred<void>();
    first.server.hold(`post ${SSO}/oauth/authorize/`, authorization.promise);
    first.model.continueAs();
    // The page reloads while the authorization is under way: its model goes with it.
    first.stop();
    const second = await setup();
    await vi.waitFor(() => expect(stageOf(second.model)).toBe('account'));
    authorization.resolve();
    await vi.waitFor(() => expect(stageOf(first.model)).toBe('done'));
    expect(stageOf(second.model)).toBe('account');
    expect(posts(second.posted)).toEqual(['ready']);
  });

  it('does not move a page that went away when its origin check answers', async () => {
    const origin = deferred<string | null>();
    const { model, stop, posted } = await setup({ origin: origin.promise });
    stop();
    origin.resolve(PARTNER);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([stageOf(model), posted]).toEqual(['checking', []]);
  });
});

describe('signing in inside the frame', () => {
  it('authorizes after a sign-in, and moves between sign-in, sign-up and reset in place', async () => {
    const { model, posted } = await setup({ signedIn: false });
    model.goTo('sign-up');
    expect(model.stage.value).toEqual({ name: 'signin', flow: 'sign-up', fresh: false });
    model.goTo('sign-in');
    await model.signedIn({ access: 'a2', refresh: 'r2', user_uuid: 'u-1' } as never, true);
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
  });
});

describe('"Continue with your Kirish account"', () => {
  it('opens the popup when storage access is refused, and passes its answer to the partner', async () => {
    const { model, posted } = await setup({ signedIn: false });
    Object.assign(document, {
      requestStorageAccess: () => Promise.reject(new DOMException('refused', 'NotAllowedError')),
    });
    const popup = {} as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    model.continueWithKirish();
    await vi.waitFor(() => expect(open).toHaveBeenCalledOnce());
    expect(stageOf(model)).toBe('signin');
    window.dispatchEvent(
      new MessageEvent('message', {
        source: popup,
        origin: location.origin,
        data: { type: 'authorization', code: 'c9', state: 's1' },
      }),
    );
    expect(stageOf(model)).toBe('done');
    expect(posted).toContainEqual({ ...AUTHORIZED, code: 'c9' });
    Reflect.deleteProperty(document, 'requestStorageAccess');
  });

  it("when the browser blocks the popup (the click's activation passed), moves to say so; the next press opens it and its answer reaches the partner", async () => {
    const { model, posted } = await setup({ signedIn: false });
    Object.assign(document, {
      requestStorageAccess: () => Promise.reject(new DOMException('refused', 'NotAllowedError')),
    });
    const popup = {} as Window;
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null).mockReturnValueOnce(popup);
    model.continueWithKirish();
    await vi.waitFor(() => expect(stageOf(model)).toBe('popup'));
    const stage = model.stage.value;
    expect(stage.name === 'popup' && stage.open()).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
    window.dispatchEvent(
      new MessageEvent('message', {
        source: popup,
        origin: location.origin,
        data: { type: 'authorization', code: 'c9', state: 's1' },
      }),
    );
    expect(stageOf(model)).toBe('done');
    expect(posted).toContainEqual({ ...AUTHORIZED, code: 'c9' });
    Reflect.deleteProperty(document, 'requestStorageAccess');
  });

  it('a blocked popup found after the person moved on changes nothing, and Back returns to the form', async () => {
    const { model } = await setup({ signedIn: false });
    vi.spyOn(window, 'open').mockReturnValue(null);
    model.continueWithKirish();
    model.goTo('sign-up');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(model.stage.value).toEqual({ name: 'signin', flow: 'sign-up', fresh: false });
    model.goTo('sign-in');
    model.continueWithKirish();
    await vi.waitFor(() => expect(stageOf(model)).toBe('popup'));
    model.other();
    expect(model.stage.value).toEqual({ name: 'signin', flow: 'sign-in', fresh: false });
  });

  it("shows the browser's accounts when storage access is given; choosing one authorizes", async () => {
    const { model, posted } = await setup({ signedIn: false });
    Object.assign(document, {
      requestStorageAccess: () => Promise.resolve(),
      hasStorageAccess: () => Promise.resolve(true),
    });
    model.continueWithKirish();
    await vi.waitFor(() => expect(model.stage.value).toEqual({ name: 'accounts', accounts: [PROFILE] }));
    model.other();
    expect(stageOf(model)).toBe('signin');
    model.showAccounts([PROFILE]);
    model.joined();
    await vi.waitFor(() => expect(stageOf(model)).toBe('done'));
    expect(posted).toContainEqual(AUTHORIZED);
    Reflect.deleteProperty(document, 'requestStorageAccess');
    Reflect.deleteProperty(document, 'hasStorageAccess');
  });

  it('says so when its code fails to load, and the form stays', async () => {
    const { model, loadFailures } = await setup({
      signedIn: false,
      later: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    model.continueWithKirish();
    await vi.waitFor(() => expect(loadFailures).toEqual([1]));
    expect(stageOf(model)).toBe('signin');
  });
});
