/** The SMS messages' rows over Kysely (sms-message-storage.ts, migration 0014). */
import type { Kysely, Selectable } from 'kysely';
import { changed, optionalInteger, integer } from './dialect.js';
import type { Database, SmsMessagesTable } from './schema.js';
import type { SmsMessage, SmsMessageStatus, SmsMessageStorage } from './sms-message-storage.js';

function fromRow(row: Selectable<SmsMessagesTable>): SmsMessage {
  return {
    id: row.id,
    gateway: row.gateway,
    gatewayMessageId: row.gateway_message_id,
    phoneMasked: row.phone_masked,
    purpose: row.purpose,
    codeId: row.code_id,
    channel: row.channel as 'sms' | 'call',
    status: row.status as SmsMessageStatus,
    createdAt: integer(row.created_at),
    sentAt: optionalInteger(row.sent_at),
    deliveredAt: optionalInteger(row.delivered_at),
    failedAt: optionalInteger(row.failed_at),
    error: row.error,
  };
}

export function smsMessageStorageOn(db: Kysely<Database>): SmsMessageStorage {
  return {
    smsMessages: {
      async insert(message) {
        await db
          .insertInto('sms_messages')
          .values({
            id: message.id,
            gateway: message.gateway,
            gateway_message_id: message.gatewayMessageId,
            phone_masked: message.phoneMasked,
            purpose: message.purpose,
            code_id: message.codeId,
            channel: message.channel,
            status: message.status,
            created_at: message.createdAt,
            sent_at: message.sentAt,
            delivered_at: message.deliveredAt,
            failed_at: message.failedAt,
            error: message.error,
          })
          .execute();
      },
      async markSent(id, gateway, gatewayMessageId, at) {
        await db
          .updateTable('sms_messages')
          .set({ gateway, gateway_message_id: gatewayMessageId, sent_at: at, error: null })
          .where('id', '=', id)
          .execute();
      },
      async markUnsent(id, gateway, error, at) {
        await db
          .updateTable('sms_messages')
          .set({ gateway, status: 'failed', failed_at: at, error })
          .where('id', '=', id)
          .execute();
      },
      async find(id) {
        const row = await db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? fromRow(row) : undefined;
      },
      async findByGatewayId(gateway, gatewayMessageId) {
        const row = await db
          .selectFrom('sms_messages')
          .selectAll()
          .where('gateway', '=', gateway)
          .where('gateway_message_id', '=', gatewayMessageId)
          .executeTakeFirst();
        return row ? fromRow(row) : undefined;
      },
      async settle(id, outcome) {
        const result = await db
          .updateTable('sms_messages')
          .set(
            outcome.status === 'delivered'
              ? { status: 'delivered', delivered_at: outcome.at }
              : { status: 'failed', failed_at: outcome.at, error: outcome.error ?? null },
          )
          .where('id', '=', id)
          .where('status', '=', 'sent')
          .executeTakeFirst();
        return changed(result);
      },
    },
  };
}
