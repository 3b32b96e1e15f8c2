/**
 * The partner page's word that it has redeemed a code for tokens (widget/protocol.ts `signedin`),
 * whichever way the code came: the frame, its popup, or the browser's FedCM, which the frame never
 * sees. Taken only from the parent window, at the origin the server confirmed for the client (HTML
 * §9.3.2: any window may post to this one). Loaded with the frame's later code (frame-later.ts),
 * with the observer that sizes the frame: the reader lives here, not in widget/protocol.ts, whose
 * values the frame's first download holds (test/budget.test.ts).
 */
import { PROTOCOL_SOURCE, PROTOCOL_VERSION, type KirishMessage, type SignedInMessage } from '../../../widget/protocol';
import type { ParentFrame } from '../../lib/parent-frame';
import { reportFrameHeight } from './frame-height';

/** Narrows untrusted `event.data` to the page's `signedin` message, or null. */
export function readSignedIn(data: unknown): SignedInMessage | null {
  const message = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return message.source === PROTOCOL_SOURCE &&
    message.v === PROTOCOL_VERSION &&
    message.type === 'signedin' &&
    typeof message.access_token === 'string'
    ? (message as unknown as SignedInMessage)
    : null;
}

/** Calls `arrived` with the access token of each `signedin` the confirmed parent posts; returns the stop. */
export function listenForTokens(
  frame: Pick<ParentFrame, 'origin'>,
  arrived: (accessToken: string) => void,
): () => void {
  let confirmed: string | null = null;
  void frame.origin.then((origin) => (confirmed = origin));
  const listen = (event: MessageEvent) => {
    if (!confirmed || event.source !== window.parent || event.origin !== confirmed) return;
    const message = readSignedIn(event.data);
    if (message) arrived(message.access_token);
  };
  addEventListener('message', listen);
  return () => removeEventListener('message', listen);
}

/** What the frame does with its partner once its first page is up: reports its height, hears of the tokens. */
export function watchPartner(
  frame: Pick<ParentFrame, 'origin'> & { post: (message: KirishMessage) => void },
  arrived: (accessToken: string) => void,
): () => void {
  // Listening first: the page tells the frame its tokens again on each `resize` (widget/mount.ts), so
  // the first `resize` must find the frame listening.
  const stopListening = listenForTokens(frame, arrived);
  const stopHeight = reportFrameHeight(frame);
  return () => {
    stopHeight();
    stopListening();
  };
}
