/**
 * The messages between the embed route (inside the iframe) and the partner page (docs/product.md §12,
 * the widget): a typed, versioned union, plus docs/product.md §1's iframeUrlChange. Shared by the SPA, the loader
 * and the React wrapper; it imports nothing.
 */

export const PROTOCOL_SOURCE = 'kirish';
export const PROTOCOL_VERSION = 1;

interface Envelope<TType extends string> {
  source: typeof PROTOCOL_SOURCE;
  v: typeof PROTOCOL_VERSION;
  type: TType;
}

export interface ReadyMessage extends Envelope<'ready'> {}

export interface ResizeMessage extends Envelope<'resize'> {
  height: number;
}

/** The authorization code for the partner to redeem with its PKCE verifier; never an SSO token. */
export interface AuthorizationMessage extends Envelope<'authorization'> {
  code: string;
  state: string;
}

export interface ErrorMessage extends Envelope<'error'> {
  error: string;
}

/**
 * The person clicked "Continue with your Kirish account" in a frame opened with `fedcm=1`: the page
 * asks the browser for the account (FedCM active mode), with the click's user activation.
 */
export interface FedCmMessage extends Envelope<'fedcm'> {}

/** The frame has redrawn itself as the compact "Signed in as <name>" chip (its height follows as `resize`). */
export interface CompactMessage extends Envelope<'compact'> {}

/**
 * "Use another account" on the chip: the page starts a new authorization request (a fresh PKCE
 * verifier, state and nonce, RFC 7636 §4.1) and reloads the frame with it.
 */
export interface RestartMessage extends Envelope<'restart'> {}

export type KirishMessage =
  ReadyMessage | ResizeMessage | AuthorizationMessage | ErrorMessage | FedCmMessage | CompactMessage | RestartMessage;

/**
 * The one message the page posts to the frame, only to the SSO's origin: it has redeemed a code for
 * tokens, whichever way the code came (the frame, its popup or the browser's FedCM). The access token
 * goes back to the server that issued it, so the frame can ask userinfo whom to show on its chip.
 */
export interface SignedInMessage extends Envelope<'signedin'> {
  access_token: string;
}

/** docs/product.md §1: after each path change the embedded app posts the full URL (tokens stripped). */
export interface IframeUrlChangeMessage {
  type: 'iframeUrlChange';
  url: string;
}

export type EmbedMessage = KirishMessage | IframeUrlChangeMessage;

const TYPES = new Set<unknown>(['ready', 'resize', 'authorization', 'error', 'fedcm', 'compact', 'restart']);

/** Narrows untrusted `event.data` to a message of this protocol version, or null. */
export function readMessage(data: unknown): EmbedMessage | null {
  // Any other primitive fails the checks below (a string has no `source`); only these would throw.
  if (data === null || data === undefined) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'iframeUrlChange')
    return typeof message.url === 'string' ? (message as unknown as IframeUrlChangeMessage) : null;
  // The set holds only strings: any other `type` is not in it.
  if (message.source !== PROTOCOL_SOURCE || message.v !== PROTOCOL_VERSION || !TYPES.has(message.type)) return null;
  if (message.type === 'resize' && typeof message.height !== 'number') return null;
  if (message.type === 'authorization' && (typeof message.code !== 'string' || typeof message.state !== 'string'))
    return null;
  if (message.type === 'error' && typeof message.error !== 'string') return null;
  return message as unknown as KirishMessage;
}
