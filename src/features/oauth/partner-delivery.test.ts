import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParentFrame } from '../../lib/parent-frame';
import { deliverToPartner } from './partner-delivery';

const frameWith = (post: ParentFrame['post']) =>
  ({ origin: Promise.resolve('https://shop.example'), post }) as unknown as ParentFrame;

afterEach(() => vi.unstubAllGlobals());

describe("the embed page's answer to the partner", () => {
  it('posts a code to the confirmed partner page, in the widget protocol, without the issuer', () => {
    const post = vi.fn<ParentFrame['post']>();
    deliverToPartner({ message: { code: 'c-1', state: 's-1', iss: 'https://kirish.example' } }, frameWith(post), false);
    expect(post).toHaveBeenCalledWith({ source: 'kirish', v: 1, type: 'authorization', code: 'c-1', state: 's-1' });
  });

  it('posts an error as an error, and a redirect answer (never for a frame) as invalid_request', () => {
    const post = vi.fn<ParentFrame['post']>();
    deliverToPartner(
      { message: { error: 'access_denied', state: 's-1', iss: 'https://kirish.example' } },
      frameWith(post),
      false,
    );
    deliverToPartner({ redirect: 'https://shop.example/cb?code=x' }, frameWith(post), false);
    expect(post.mock.calls).toEqual([
      [{ source: 'kirish', v: 1, type: 'error', error: 'access_denied' }],
      [{ source: 'kirish', v: 1, type: 'error', error: 'invalid_request' }],
    ]);
  });

  it('from the popup, answers only its opener at our own origin, and closes', () => {
    const opener = { postMessage: vi.fn<(message: unknown, origin: string) => void>() };
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    vi.stubGlobal('opener', opener);
    const post = vi.fn<ParentFrame['post']>();
    deliverToPartner({ message: { code: 'c-2', state: 's-2', iss: 'https://kirish.example' } }, frameWith(post), true);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { source: 'kirish', v: 1, type: 'authorization', code: 'c-2', state: 's-2' },
      location.origin,
    );
    expect(post).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });
});
