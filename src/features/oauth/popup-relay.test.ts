import { describe, expect, it, vi } from 'vitest';
import type { KirishMessage } from '../../../widget/protocol';
import { relayPopupAnswer } from './popup-relay';

const popup = {} as Window;
const post = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
  dispatchEvent(
    Object.assign(new MessageEvent('message', { data, origin: from.origin ?? location.origin }), {
      source: from.source ?? popup,
    }) as MessageEvent,
  );

function relayed() {
  const pass = vi.fn<(message: KirishMessage) => void>();
  relayPopupAnswer(popup, pass);
  return pass;
}

describe("the popup's answer, passed on to the partner", () => {
  it('passes on a code from our own popup once, rebuilt in the widget protocol', () => {
    const pass = relayed();
    post({ source: 'kirish', v: 1, type: 'authorization', code: 'c-1', state: 's-1', extra: 'dropped' });
    post({ source: 'kirish', v: 1, type: 'authorization', code: 'c-2', state: 's-2' });
    expect(pass.mock.calls).toEqual([[{ source: 'kirish', v: 1, type: 'authorization', code: 'c-1', state: 's-1' }]]);
  });

  it('passes on an error', () => {
    const pass = relayed();
    post({ source: 'kirish', v: 1, type: 'error', error: 'access_denied' });
    expect(pass.mock.calls).toEqual([[{ source: 'kirish', v: 1, type: 'error', error: 'access_denied' }]]);
  });

  it('ignores messages of another window, another origin, or another shape', () => {
    const pass = relayed();
    post({ type: 'authorization', code: 'c', state: 's' }, { source: {} });
    post({ type: 'authorization', code: 'c', state: 's' }, { origin: 'https://evil.example' });
    post({ type: 'authorization', code: 1, state: 's' });
    post({ type: 'resize', height: 10 });
    post(null);
    expect(pass).not.toHaveBeenCalled();
  });
});
