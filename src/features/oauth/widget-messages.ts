/** The widget messages (widget/protocol.ts) that carry an authorization response. */
import { PROTOCOL_SOURCE, PROTOCOL_VERSION, type KirishMessage } from '../../../widget/protocol';
import type { WebMessageResponse } from './api/types';

/** A code for the partner to redeem with its PKCE verifier, or the error of the request. */
export function messageOf(response: WebMessageResponse): KirishMessage {
  const envelope = { source: PROTOCOL_SOURCE, v: PROTOCOL_VERSION } as const;
  return 'code' in response
    ? { ...envelope, type: 'authorization', code: response.code, state: response.state }
    : { ...envelope, type: 'error', error: response.error };
}

export function widgetMessage<T extends KirishMessage['type']>(
  type: T,
  fields: Omit<Extract<KirishMessage, { type: T }>, 'source' | 'v' | 'type'>,
): KirishMessage {
  return { source: PROTOCOL_SOURCE, v: PROTOCOL_VERSION, type, ...fields } as KirishMessage;
}
