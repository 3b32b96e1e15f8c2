/** The widget messages (widget/protocol.ts) the embed page posts to the partner page. */
import { PROTOCOL_SOURCE, PROTOCOL_VERSION, type KirishMessage } from '../../../widget/protocol';

export function widgetMessage<T extends KirishMessage['type']>(
  type: T,
  fields: Omit<Extract<KirishMessage, { type: T }>, 'source' | 'v' | 'type'>,
): KirishMessage {
  return { source: PROTOCOL_SOURCE, v: PROTOCOL_VERSION, type, ...fields } as KirishMessage;
}
