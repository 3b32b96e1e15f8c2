/**
 * Payments over Kysely (payment-storage.ts, migration 0018). A bill's claim and its outcome are each one
 * conditional update, so that of twenty requests racing to pay it one holds it; the ten-card limit and the
 * one default are counted under the account's lock row (limit_locks, as the code limits take), inside
 * the caller's transaction or one of their own.
 */
import type { Kysely, Selectable } from 'kysely';
import type { CardBrand } from '../contract/payments.js';
import { changed, deleted, flag, integer, isSet, optionalInteger } from './dialect.js';
import type { PaymentCardsTable, PaymentReceiptsTable, PaymentWebhooksTable } from './payment-schema.js';
import type {
  PaymentCard,
  PaymentReceipt,
  PaymentStorage,
  PaymentWebhook,
  StoredReceiptStatus,
} from './payment-storage.js';
import type { Database } from './schema.js';

const cardFrom = (row: Selectable<PaymentCardsTable>): PaymentCard => ({
  id: row.id,
  userId: row.user_id,
  token: row.token,
  maskedNumber: row.masked_number,
  brand: row.brand as CardBrand,
  expireMonth: integer(row.expire_month),
  expireYear: integer(row.expire_year),
  maskedPhone: row.masked_phone,
  isDefault: isSet(row.is_default),
  verifiedAt: optionalInteger(row.verified_at),
  createdAt: integer(row.created_at),
});

const receiptFrom = (row: Selectable<PaymentReceiptsTable>): PaymentReceipt => ({
  id: row.id,
  clientId: row.client_id,
  orderId: row.order_id,
  amount: integer(row.amount),
  description: row.description,
  returnUrl: row.return_url,
  webhookUrl: row.webhook_url,
  processorReceiptId: row.processor_receipt_id,
  status: row.status as StoredReceiptStatus,
  userId: row.user_id,
  card:
    row.card_id && row.card_brand && row.card_masked_number
      ? { id: row.card_id, brand: row.card_brand as CardBrand, maskedNumber: row.card_masked_number }
      : null,
  payKey: row.pay_key,
  payStartedAt: optionalInteger(row.pay_started_at),
  failure: row.failure,
  createdAt: integer(row.created_at),
  paidAt: optionalInteger(row.paid_at),
  updatedAt: integer(row.updated_at),
});

const webhookFrom = (row: Selectable<PaymentWebhooksTable>): PaymentWebhook => ({
  id: row.id,
  receiptId: row.receipt_id,
  url: row.url,
  event: row.event,
  body: row.body,
  status: row.status as PaymentWebhook['status'],
  attempts: integer(row.attempts),
  lastStatus: optionalInteger(row.last_status),
  createdAt: integer(row.created_at),
  deliveredAt: optionalInteger(row.delivered_at),
});

/** The limit_locks scope under which an account's saved cards are counted (cards.verify). */
const SAVED_CARDS_LOCK = 'saved_cards';

export function paymentStorageOn(db: Kysely<Database>): PaymentStorage {
  const verifiedCards = (userId: string, on: Kysely<Database> = db) =>
    on.selectFrom('payment_cards').where('user_id', '=', userId).where('verified_at', 'is not', null);

  return {
    cards: {
      async insert(card) {
        await db
          .insertInto('payment_cards')
          .values({
            id: card.id,
            user_id: card.userId,
            token: card.token,
            masked_number: card.maskedNumber,
            brand: card.brand,
            expire_month: card.expireMonth,
            expire_year: card.expireYear,
            masked_phone: card.maskedPhone,
            is_default: flag(card.isDefault),
            verified_at: card.verifiedAt,
            created_at: card.createdAt,
          })
          .execute();
      },
      async find(id, userId) {
        const row = await db
          .selectFrom('payment_cards')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return row ? cardFrom(row) : undefined;
      },
      async list(userId) {
        const rows = await verifiedCards(userId).selectAll().orderBy('created_at').orderBy('id').execute();
        return rows.map(cardFrom);
      },
      async verify(id, userId, at, maxCards) {
        // Counting and writing are three statements: the account's lock row is written first, so on
        // PostgreSQL a racing verification waits for this one's commit and then counts it; SQLite has one
        // writer, and the lock's write takes it before the count.
        const work = async (trx: Kysely<Database>) => {
          await trx
            .insertInto('limit_locks')
            .values({ scope: SAVED_CARDS_LOCK, key: userId, taken_at: at })
            .onConflict((conflict) => conflict.columns(['scope', 'key']).doUpdateSet({ taken_at: at }))
            .execute();
          const { count } = await verifiedCards(userId, trx)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          if (integer(count) >= maxCards) return false;
          const { count: defaults } = await verifiedCards(userId, trx)
            .where('is_default', '=', 1)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          const result = await trx
            .updateTable('payment_cards')
            .set({ verified_at: at, is_default: flag(integer(defaults) === 0) })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .where('verified_at', 'is', null)
            .executeTakeFirst();
          return changed(result);
        };
        return db.isTransaction ? work(db) : db.transaction().execute(work);
      },
      async remove(id, userId) {
        const card = await this.find(id, userId);
        const result = await db
          .deleteFrom('payment_cards')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!deleted(result)) return false;
        if (card?.isDefault) {
          const newest = await verifiedCards(userId)
            .select('id')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (newest)
            await db.updateTable('payment_cards').set({ is_default: 1 }).where('id', '=', newest.id).execute();
        }
        return true;
      },
      async setDefault(id, userId) {
        const target = await verifiedCards(userId).select('id').where('id', '=', id).executeTakeFirst();
        if (!target) return false;
        await db
          .updateTable('payment_cards')
          .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(1).else(0).end() }))
          .where('user_id', '=', userId)
          .execute();
        return true;
      },
      async removeAll(userId) {
        const rows = await db.selectFrom('payment_cards').select('token').where('user_id', '=', userId).execute();
        await db.deleteFrom('payment_cards').where('user_id', '=', userId).execute();
        return rows.map((row) => row.token);
      },
    },
    receipts: {
      async insertOrFind(receipt) {
        const inserted = await db
          .insertInto('payment_receipts')
          .values({
            id: receipt.id,
            client_id: receipt.clientId,
            order_id: receipt.orderId,
            amount: receipt.amount,
            description: receipt.description,
            return_url: receipt.returnUrl,
            webhook_url: receipt.webhookUrl,
            processor_receipt_id: receipt.processorReceiptId,
            status: 'pending',
            created_at: receipt.createdAt,
            updated_at: receipt.createdAt,
          })
          .onConflict((conflict) => conflict.columns(['client_id', 'order_id']).doNothing())
          .executeTakeFirst();
        const created = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
        const row = await db
          .selectFrom('payment_receipts')
          .selectAll()
          .where('client_id', '=', receipt.clientId)
          .where('order_id', '=', receipt.orderId)
          .executeTakeFirstOrThrow();
        return { receipt: receiptFrom(row), created };
      },
      async find(id) {
        const row = await db.selectFrom('payment_receipts').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? receiptFrom(row) : undefined;
      },
      async listByUser(userId, offset, limit) {
        const { count } = await db
          .selectFrom('payment_receipts')
          .where('user_id', '=', userId)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        const rows = await db
          .selectFrom('payment_receipts')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute();
        return { count: integer(count), results: rows.map(receiptFrom) };
      },
      async claim(id, { key, userId, card }, at) {
        const result = await db
          .updateTable('payment_receipts')
          .set({
            status: 'paying',
            pay_key: key,
            pay_started_at: at,
            user_id: userId,
            card_id: card.id,
            card_brand: card.brand,
            card_masked_number: card.maskedNumber,
            failure: null,
            updated_at: at,
          })
          .where('id', '=', id)
          .where('status', 'in', ['pending', 'failed'])
          .executeTakeFirst();
        return changed(result);
      },
      async settle(id, key, outcome, at) {
        const result = await db
          .updateTable('payment_receipts')
          .set(
            outcome.status === 'paid'
              ? { status: 'paid', paid_at: outcome.paidAt, failure: null, updated_at: at }
              : { status: outcome.status, failure: outcome.failure, updated_at: at },
          )
          .where('id', '=', id)
          .where('status', '=', 'paying')
          .where('pay_key', '=', key)
          .executeTakeFirst();
        return changed(result);
      },
    },
    webhooks: {
      async insert(webhook) {
        await db
          .insertInto('payment_webhooks')
          .values({
            id: webhook.id,
            receipt_id: webhook.receiptId,
            url: webhook.url,
            event: webhook.event,
            body: webhook.body,
            status: webhook.status,
            attempts: webhook.attempts,
            last_status: webhook.lastStatus,
            created_at: webhook.createdAt,
            delivered_at: webhook.deliveredAt,
          })
          .execute();
      },
      async record(id, { status, httpStatus }, at) {
        await db
          .updateTable('payment_webhooks')
          .set((eb) => ({
            status,
            attempts: eb('attempts', '+', 1),
            last_status: httpStatus,
            delivered_at: status === 'delivered' ? at : null,
          }))
          .where('id', '=', id)
          .execute();
      },
      async listByReceipt(receiptId) {
        const rows = await db
          .selectFrom('payment_webhooks')
          .selectAll()
          .where('receipt_id', '=', receiptId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return rows.map(webhookFrom);
      },
    },
  };
}
