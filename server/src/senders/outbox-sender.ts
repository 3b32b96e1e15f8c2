import type { Clock } from '../lib/clock.js';
import { randomId } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';
import type { Sender } from './sender.js';

/**
 * Outside production nothing leaves the machine: every message is kept in the dev outbox
 * (DESIGN.md), readable at GET /dev/outbox.
 */
export function createOutboxSender(storage: Storage, clock: Clock): Sender {
  return {
    async send(message) {
      await storage.outbox.add({
        id: randomId(),
        channel: message.channel,
        recipient: message.to,
        code: message.code,
        text: message.text,
        createdAt: clock.now(),
      });
    },
  };
}
