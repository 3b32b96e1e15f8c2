/** The outbox over Kysely: what the senders sent, as the dev outbox shows it (docs/product.md §10). */
import type { Kysely } from 'kysely';
import { integer } from './dialect.js';
import type { Database } from './schema.js';
import type { OutboxStorage } from './outbox-storage.js';

export function outboxStorageOn(db: Kysely<Database>): OutboxStorage {
  return {
    outbox: {
      async add(message) {
        await db
          .insertInto('outbox')
          .values({
            id: message.id,
            channel: message.channel,
            recipient: message.recipient,
            code: message.code,
            text: message.text,
            created_at: message.createdAt,
          })
          .execute();
      },
      async list(limit) {
        const rows = await db
          .selectFrom('outbox')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => ({
          id: row.id,
          channel: row.channel as 'sms' | 'call' | 'email',
          recipient: row.recipient,
          code: row.code,
          text: row.text,
          createdAt: integer(row.created_at),
        }));
      },
    },
  };
}
