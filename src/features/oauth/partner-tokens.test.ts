import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForTokens, readSignedIn } from './partner-tokens';

const PARTNER = 'https://shop.example';
const SIGNED_IN = { source: 'kirish', v: 1, type: 'signedin', access_token: 'partner-access' };

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function listening(origin: string | null) {
  const arrived = vi.fn<(token: string) => void>();
  stops.push(listenForTokens({ origin: Promise.resolve(origin) }, arrived));
  return arrived;
}

const post = (data: unknown, source: MessageEventSource | null = window.parent, origin = PARTNER) =>
  window.dispatchEvent(new MessageEvent('message', { data, source, origin }));

describe("the frame's ear for the page's tokens", () => {
  it('takes signedin from its parent window at the confirmed origin', async () => {
    const arrived = listening(PARTNER);
    await Promise.resolve();

    post(SIGNED_IN);

    expect(arrived).toHaveBeenCalledWith('partner-access');
  });

  it('takes nothing from another origin, another window, or before the origin is confirmed', async () => {
    const arrived = listening(PARTNER);
    post(SIGNED_IN); // the origin not confirmed yet
    await Promise.resolve();

    post(SIGNED_IN, window.parent, 'https://evil.example');
    post(SIGNED_IN, {} as Window);
    post(SIGNED_IN, null);

    expect(arrived).not.toHaveBeenCalled();
  });

  it('takes nothing when the server did not confirm the parent', async () => {
    const arrived = listening(null);
    await Promise.resolve();

    post(SIGNED_IN, window.parent, 'null');
    post(SIGNED_IN);

    expect(arrived).not.toHaveBeenCalled();
  });

  it('reads only a well-formed signedin of this protocol version', () => {
    expect(readSignedIn(SIGNED_IN)).toEqual(SIGNED_IN);
    for (const data of [
      null,
      'signedin',
      { ...SIGNED_IN, access_token: 1 },
      { ...SIGNED_IN, v: 2 },
      { ...SIGNED_IN, source: 'other' },
      { ...SIGNED_IN, type: 'ready' },
    ])
      expect(readSignedIn(data)).toBeNull();
  });
});
