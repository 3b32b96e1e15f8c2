/**
 * The window's side of a provider's sign-in for a partner's widget frame (social-popup.ts is the frame's):
 * once signed in at Kirish's origin, the session goes to the frame that opened the window, by postMessage
 * with Kirish's own origin as its targetOrigin (HTML §9.3.3), never in an address (RFC 9700 §4.3.2).
 * Part of finish-sign-in.ts's download: nothing else loads it.
 */
import type { AccountTokenPair } from '../../../server/src/contract/tokens.js';
import { readItem, writeItem } from '../../lib/browser-storage';

const EMBED_PATH = '/embed';
/** The handover's message type; social-popup.ts reads it. */
const HANDOVER = 'social-signed-in';

/**
 * This window was opened to run a provider's flow for the frame (`/oauth/{provider}?start=popup`): kept in
 * this window's own sessionStorage across the provider's pages (docs/product.md §3 lists the key).
 */
const SOCIAL_WINDOW_KEY = 'socialWindow';

export function markSocialWindow(): void {
  writeItem('session', SOCIAL_WINDOW_KEY, '1');
}

/**
 * The widget's frame (or its popup) that opened this window for a provider's sign-in, when it did: a window
 * of Kirish's origin at `/embed`. Any other opener (none, another site, another page of ours) is no frame to
 * hand a session to; nor is the frame that opened its "Continue with your Kirish account" popup, which is
 * not a provider's window and answers the partner itself.
 */
export function openingFrame(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || readItem('session', SOCIAL_WINDOW_KEY) !== '1') return null;
  try {
    return opener.location.origin === location.origin && opener.location.pathname === EMBED_PATH ? opener : null;
  } catch {
    // Another origin: reading its location throws (HTML §7.2.3.1 cross-origin objects).
    return null;
  }
}

/** Hands the session to the frame, at Kirish's origin only. */
export function handBack(frame: Window, pair: AccountTokenPair): void {
  const { access, refresh, user_uuid } = pair;
  frame.postMessage({ source: 'kirish', type: HANDOVER, access, refresh, user_uuid }, location.origin);
}
