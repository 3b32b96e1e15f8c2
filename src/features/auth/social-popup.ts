/**
 * A provider's sign-in for the partner's widget frame (and the frame's own popup), docs/partners.md:
 * providers refuse to be framed (X-Frame-Options, CSP frame-ancestors), so the frame opens a window of
 * Kirish's own at `/oauth/{provider}?start=popup`, which starts the flow and goes to the provider; the
 * provider comes back to `/oauth/{provider}` in that window, which signs in at Kirish's origin (the
 * phone confirmation of a new account and the `integration` step included) and hands the session to
 * the frame that opened it, then closes.
 *
 * The handover is a postMessage to the opener with Kirish's own origin as its targetOrigin (HTML
 * §9.3.3: the browser delivers it only to a document of that origin), read by the frame only from the
 * window it opened and only once; the tokens never travel in an address (RFC 9700 §4.3.2). A
 * BroadcastChannel would not do: the frame's is partitioned by the partner's site, the window's is not.
 * This is the frame's side; the window's is social-handback.ts.
 */
import type { SocialProvider } from '../../../server/src/contract/social.js';
import type { AccountTokenPair } from '../../../server/src/contract/tokens.js';
import { POPUP_START } from './api/social';

const POPUP_FEATURES = 'popup,width=480,height=720';
/** The handover's message type; social-handback.ts posts it. */
const HANDOVER = 'social-signed-in';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The session handed back by `popup`, once: a message of another window, another origin or another shape is ignored. */
export function awaitHandover(popup: Window, signedIn: (pair: AccountTokenPair) => void): () => void {
  const listen = (event: MessageEvent) => {
    if (event.source !== popup || event.origin !== location.origin) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (data.source !== 'kirish' || data.type !== HANDOVER) return;
    if (!isText(data.access) || !isText(data.refresh) || !isText(data.user_uuid)) return;
    stop();
    signedIn({ access: data.access, refresh: data.refresh, user_uuid: data.user_uuid });
  };
  const stop = () => removeEventListener('message', listen);
  addEventListener('message', listen);
  return stop;
}

/**
 * Opens the provider's window from within the press (a browser allows a popup only during its transient
 * activation, HTML §6.4.1); false when the browser blocked it.
 */
export function openProviderPopup(provider: SocialProvider, signedIn: (pair: AccountTokenPair) => void): boolean {
  const popup = window.open(
    `${location.origin}/oauth/${provider}?${POPUP_START}`,
    `kirish-${provider}`,
    POPUP_FEATURES,
  );
  if (popup) awaitHandover(popup, signedIn);
  return popup !== null;
}
