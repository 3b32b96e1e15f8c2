/**
 * The handover of a provider's sign-in from its window to the partner's frame that opened it
 * (social-popup.ts, the frame's side; social-handback.ts, the window's): Kirish's origin only, from the
 * window the frame opened only, once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountTokenPair } from '../../../server/src/contract/tokens.js';
import { handBack, markSocialWindow, openingFrame } from './social-handback';
import { awaitHandover, openProviderPopup } from './social-popup';

const PAIR: AccountTokenPair = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1' };
const popup = {} as Window;

const post = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
  dispatchEvent(
    Object.assign(new MessageEvent('message', { data, origin: from.origin ?? location.origin }), {
      source: from.source ?? popup,
    }) as MessageEvent,
  );
const handover = (fields: Record<string, unknown> = {}) => ({
  source: 'kirish',
  type: 'social-signed-in',
  ...PAIR,
  ...fields,
});

const stops: (() => void)[] = [];
function listening() {
  const signedIn = vi.fn<(pair: AccountTokenPair) => void>();
  stops.push(awaitHandover(popup, signedIn));
  return signedIn;
}
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the frame's side: the session from the provider's window", () => {
  it('takes the session its own window hands back, once, rebuilt from its known fields', () => {
    const signedIn = listening();
    post(handover({ extra: 'dropped' }));
    post(handover({ access: 'a-2' }));
    expect(signedIn.mock.calls).toEqual([[PAIR]]);
  });

  it('ignores a message of another window, another origin or another shape', () => {
    const signedIn = listening();
    post(handover(), { source: {} });
    post(handover(), { origin: 'https://evil.example' });
    post(handover({ source: 'other' }));
    post(handover({ type: 'authorization' }));
    post(handover({ refresh: 7 }));
    post(handover({ access: '' }));
    post(null);
    expect(signedIn).not.toHaveBeenCalled();
    // Still listening: the real answer afterwards is taken.
    post(handover());
    expect(signedIn.mock.calls).toEqual([[PAIR]]);
  });

  it('opens /oauth/{provider}?start=popup at Kirish’s origin within the press, and says when the browser blocked it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(popup).mockReturnValueOnce(null);
    expect(openProviderPopup('google', () => undefined)).toBe(true);
    expect(open.mock.calls[0]?.[0]).toBe(`${location.origin}/oauth/google?start=popup`);
    expect(openProviderPopup('google', () => undefined)).toBe(false);
  });
});

const opener = (place: { origin: string; pathname: string } | 'cross-origin') =>
  vi.stubGlobal('opener', {
    get location() {
      if (place === 'cross-origin') throw new DOMException('Blocked a frame', 'SecurityError');
      return place;
    },
  });

describe("the window's side: handing the session to the frame that opened it", () => {
  it('posts to the frame with Kirish’s own origin as the target, never "*", in the shape the frame takes', () => {
    const signedIn = listening();
    const frame = {
      postMessage: vi.fn<(data: unknown, targetOrigin: string) => void>((data, targetOrigin) =>
        post(data, { origin: targetOrigin }),
      ),
    } as unknown as Window;
    handBack(frame, PAIR);
    expect(vi.mocked(frame.postMessage).mock.calls[0]?.[1]).toBe(location.origin);
    expect(signedIn.mock.calls).toEqual([[PAIR]]);
  });

  it('hands back nothing from a window it did not open for a provider (the "Continue with your Kirish account" popup)', () => {
    sessionStorage.clear();
    opener({ origin: location.origin, pathname: '/embed' });
    expect(openingFrame()).toBeNull();
  });

  it('hands back only to a window of Kirish’s origin at /embed that opened it', () => {
    markSocialWindow();
    vi.stubGlobal('opener', null);
    expect(openingFrame()).toBeNull();
    opener({ origin: location.origin, pathname: '/embed' });
    expect(openingFrame()).toBe(window.opener);
    opener({ origin: location.origin, pathname: '/security/login-methods/' });
    expect(openingFrame()).toBeNull();
    opener({ origin: 'https://partner.example', pathname: '/embed' });
    expect(openingFrame()).toBeNull();
    opener('cross-origin');
    expect(openingFrame()).toBeNull();
  });
});
