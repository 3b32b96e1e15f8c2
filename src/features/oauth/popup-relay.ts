/**
 * The sign-in popup and its answer, passed on: the popup (a top-level page of ours, with the
 * browser's own Kirish storage) posts its result to its opener, this frame, at our own origin; the
 * frame hands it to the partner it confirmed. Loaded with the click that opens it (a browser allows
 * a popup for some seconds after a click: HTML §7.2.1 transient activation).
 *
 * The answer is rebuilt from its known fields (not forwarded as received): the partner gets a
 * well-formed authorization or error message and nothing else. The frame's first download holds
 * no message reader of its own for this (it has a budget; test/budget.test.ts).
 */
import type { KirishMessage } from '../../../widget/protocol';
import { widgetMessage } from './widget-messages';

const isText = (value: unknown): value is string => typeof value === 'string';

const POPUP_FEATURES = 'popup,width=480,height=720';

/** Opens this very embed request in a popup and passes its answer on; false when the browser blocked it. */
export function openSignInPopup(pass: (message: KirishMessage) => void): boolean {
  const query = new URLSearchParams(location.search);
  query.set('mode', 'popup');
  const popup = window.open(`${location.origin}/embed?${query.toString()}`, 'kirish-sign-in', POPUP_FEATURES);
  if (popup) relayPopupAnswer(popup, pass);
  return popup !== null;
}

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
