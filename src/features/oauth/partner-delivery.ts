/**
 * The embed page's answer to the partner (response_mode web_message): from the frame, to the
 * partner page whose origin the server confirmed, never "*"; from the popup, to its opener — the
 * frame, at our own origin — which relays it (popup-relay.ts). Loaded with the consent model, after
 * sign-in: it is not part of the frame's first download (test/budget.test.ts).
 */
import type { KirishMessage } from '../../../widget/protocol';
import type { ParentFrame } from '../../lib/parent-frame';
import type { WebMessageResponse } from './api/types';
import type { Delivery } from './models/consent-model';
import { widgetMessage } from './widget-messages';

/** A code for the partner to redeem with its PKCE verifier, or the error of the request. */
export function messageOf(response: WebMessageResponse): KirishMessage {
  return 'code' in response
    ? widgetMessage('authorization', { code: response.code, state: response.state })
    : widgetMessage('error', { error: response.error });
}

export function deliverToPartner(delivery: Delivery, frame: ParentFrame, inPopup: boolean): void {
  // Only web_message answers belong here; a redirect address would take the frame away.
  const message =
    'message' in delivery ? messageOf(delivery.message) : widgetMessage('error', { error: 'invalid_request' });
  if (inPopup) {
    (window.opener as Window).postMessage(message, location.origin);
    window.close();
  } else {
    frame.post(message);
  }
}
