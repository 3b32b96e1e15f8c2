import type { Sender } from './sender.js';

/** One sender for e-mail and one for phone channels (SMS and calls), behind a single Sender. */
export function routeByChannel(senders: { email: Sender; phone: Sender }): Sender {
  return {
    send: (message) => (message.channel === 'email' ? senders.email : senders.phone).send(message),
  };
}
