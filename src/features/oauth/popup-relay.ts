/**
 * The popup's answer, passed on: the popup (a top-level page of ours) posts its result to its opener,
 * this frame, at our own origin; the frame hands it to the partner it confirmed. Loaded when the
 * popup opens — the window itself is opened at once, in the click, where browsers allow a popup.
 *
 * The answer is rebuilt from its known fields (not forwarded as received): the partner gets a
 * well-formed authorization or error message and nothing else. The frame's first download holds
 * no message reader of its own for this (it has a budget; test/budget.test.ts).
 */
import type { KirishMessage } from '../../../widget/protocol';
import { widgetMessage } from './widget-messages';

const isText = (value: unknown): value is string => typeof value === 'string';

export function relayPopupAnswer(popup: Window, pass: (message: KirishMessage) => void): void {
  const relay = (event: MessageEvent) => {
    if (event.source !== popup || event.origin !== location.origin) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    let message: KirishMessage | null = null;
    if (data.type === 'authorization' && isText(data.code) && isText(data.state))
      message = widgetMessage('authorization', { code: data.code, state: data.state });
    else if (data.type === 'error' && isText(data.error)) message = widgetMessage('error', { error: data.error });
    if (!message) return;
    removeEventListener('message', relay);
    pass(message);
  };
  addEventListener('message', relay);
}
