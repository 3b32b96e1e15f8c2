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

export type KirishMessage = ReadyMessage | ResizeMessage | AuthorizationMessage | ErrorMessage | FedCmMessage;

/** docs/product.md §1: after each path change the embedded app posts the full URL (tokens stripped). */
export interface IframeUrlChangeMessage {
  type: 'iframeUrlChange';
  url: string;
}

export type EmbedMessage = KirishMessage | IframeUrlChangeMessage;

const TYPES = new Set<string>(['ready', 'resize', 'authorization', 'error', 'fedcm']);

/** Narrows untrusted `event.data` to a message of this protocol version, or null. */
export function readMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'iframeUrlChange')
    return typeof message.url === 'string' ? (message as unknown as IframeUrlChangeMessage) : null;
  if (message.source !== PROTOCOL_SOURCE || message.v !== PROTOCOL_VERSION || typeof message.type !== 'string')
    return null;
  if (!TYPES.has(message.type)) return null;
  if (message.type === 'resize' && typeof message.height !== 'number') return null;
  if (message.type === 'authorization' && (typeof message.code !== 'string' || typeof message.state !== 'string'))
    return null;
  if (message.type === 'error' && typeof message.error !== 'string') return null;
  return message as unknown as KirishMessage;
}
