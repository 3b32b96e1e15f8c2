import type { Clock } from '../lib/clock.js';
import { randomSecret } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';
import type { Sender } from './sender.js';

/**
 * Outside production nothing leaves the machine: every message is kept in the dev outbox
 * (docs/product.md §10), readable at GET /dev/outbox.
 */
export function createOutboxSender(storage: Storage, clock: Clock): Sender {
  let sequence = 0;
  return {
    async send(message) {
      const now = clock.now();
      sequence = (sequence + 1) % 1_000_000;
      await storage.outbox.add({
        // Sortable by time and then by order of sending, so "newest first" holds within a millisecond.
        id: `${String(now).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomSecret(6)}`,
        channel: message.channel,
        recipient: message.to,
        code: message.code,
        text: message.text,
        createdAt: now,
      });
    },
  };
}
