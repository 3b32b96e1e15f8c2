/**
 * What the payments part (kysely-payment-storage.ts) promises: cards listed once verified, at most the
 * limit, one default that moves to the newest on a removal; a bill once per client and order_id, claimed
 * by one payment at a time, its outcome written only by the claim that holds it; the webhooks' record.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentCard } from '../payment-storage.js';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const card = (id: string, createdAt: number, userId = 'u1'): PaymentCard => ({
  id,
  userId,
  token: `token-${id}`,
  maskedNumber: '860049******6478',
  brand: 'uzcard',
  expireMonth: 3,
  expireYear: 2099,
  maskedPhone: '99890*****67',
  isDefault: false,
  verifiedAt: null,
  createdAt,
});

const bill = (id: string, orderId: string) => ({
  id,
  clientId: 'shop',
  orderId,
  amount: 500_000,
  description: 'A book',
  returnUrl: 'https://shop.example/done',
  webhookUrl: 'https://shop.example/hook',
  processorReceiptId: `p-${id}`,
  createdAt: T0,
});

const PAYER_CARD = { id: 'c1', brand: 'uzcard' as const, maskedNumber: '860049******6478' };

export function describePaymentStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's payments`, () => {
    it('lists a card once verified, the first as default, and keeps at most the limit', () =>
      withStorage(async (storage) => {
        await storage.cards.insert(card('c1', T0));
        expect(await storage.cards.list('u1')).toEqual([]);
        expect(await storage.cards.verify('c1', 'u2', T0 + 1, 2)).toBe(false);
        expect(await storage.cards.verify('c1', 'u1', T0 + 1, 2)).toBe(true);
        expect(await storage.cards.verify('c1', 'u1', T0 + 1, 2)).toBe(false);
        await storage.cards.insert(card('c2', T0 + 2));
        await storage.cards.insert(card('c3', T0 + 3));
        expect(await storage.cards.verify('c2', 'u1', T0 + 4, 2)).toBe(true);
        expect(await storage.cards.verify('c3', 'u1', T0 + 5, 2)).toBe(false);
        const listed = await storage.cards.list('u1');
        expect(listed.map((entry) => [entry.id, entry.isDefault, entry.verifiedAt])).toEqual([
          ['c1', true, T0 + 1],
          ['c2', false, T0 + 4],
        ]);
        expect(listed[0]).toMatchObject({ token: 'token-c1', maskedNumber: '860049******6478', expireYear: 2099 });
        expect(await storage.cards.find('c3', 'u1')).toMatchObject({ verifiedAt: null });
        expect(await storage.cards.find('c1', 'u2')).toBeUndefined();
      }));

    it('keeps the limit and one default when the last places are verified at once', () =>
      withStorage(async (storage) => {
        for (let index = 0; index < 8; index += 1) {
          await storage.cards.insert(card(`v${index}`, T0 + index));
          expect(await storage.cards.verify(`v${index}`, 'u1', T0 + index, 10)).toBe(true);
        }
        const racing = ['p0', 'p1', 'p2', 'p3'];
        for (const id of racing) await storage.cards.insert(card(id, T0 + 20));
        const taken = await Promise.all(racing.map((id) => storage.cards.verify(id, 'u1', T0 + 30, 10)));
        expect(taken.filter(Boolean)).toHaveLength(2);
        const listed = await storage.cards.list('u1');
        expect(listed).toHaveLength(10);
        expect(listed.filter((entry) => entry.isDefault)).toHaveLength(1);
      }));

    it('moves the default on request and to the newest card when the default is removed', () =>
      withStorage(async (storage) => {
        for (const [id, at] of [
          ['c1', T0],
          ['c2', T0 + 1],
          ['c3', T0 + 2],
        ] as const) {
          await storage.cards.insert(card(id, at));
          await storage.cards.verify(id, 'u1', at, 10);
        }
        expect(await storage.cards.setDefault('c2', 'u1')).toBe(true);
        expect(await storage.cards.setDefault('c2', 'u2')).toBe(false);
        const defaults = async () =>
          (await storage.cards.list('u1')).filter((entry) => entry.isDefault).map((entry) => entry.id);
        expect(await defaults()).toEqual(['c2']);
        expect(await storage.cards.remove('c2', 'u2')).toBe(false);
        expect(await storage.cards.remove('c2', 'u1')).toBe(true);
        expect(await defaults()).toEqual(['c3']);
        expect(await storage.cards.remove('c2', 'u1')).toBe(false);
        expect(await storage.cards.removeAll('u1')).toEqual(expect.arrayContaining(['token-c1', 'token-c3']));
        expect(await storage.cards.list('u1')).toEqual([]);
      }));

    it('keeps one bill per client and order_id, and lists a payer’s bills newest first', () =>
      withStorage(async (storage) => {
        const first = await storage.receipts.insertOrFind(bill('r1', 'o-1'));
        expect(first).toMatchObject({ created: true, receipt: { id: 'r1', status: 'pending', amount: 500_000 } });
        const again = await storage.receipts.insertOrFind({ ...bill('r2', 'o-1'), amount: 1 });
        expect(again).toMatchObject({ created: false, receipt: { id: 'r1', amount: 500_000 } });
        await storage.receipts.insertOrFind({ ...bill('r3', 'o-3'), createdAt: T0 + 5 });
        expect(await storage.receipts.claim('r1', { key: 'k1', userId: 'u1', card: PAYER_CARD }, T0 + 1)).toBe(true);
        expect(await storage.receipts.claim('r3', { key: 'k3', userId: 'u1', card: PAYER_CARD }, T0 + 6)).toBe(true);
        const page = await storage.receipts.listByUser('u1', 0, 1);
        expect(page.count).toBe(2);
        expect(page.results.map((entry) => entry.id)).toEqual(['r3']);
        expect((await storage.receipts.listByUser('u1', 1, 1)).results.map((entry) => entry.id)).toEqual(['r1']);
        expect(await storage.receipts.listByUser('u2', 0, 10)).toEqual({ count: 0, results: [] });
      }));

    it('lets one claim hold a bill, and only that claim write its outcome', () =>
      withStorage(async (storage) => {
        await storage.receipts.insertOrFind(bill('r1', 'o-1'));
        const claims = await Promise.all(
          Array.from({ length: 5 }, (_, index) =>
            storage.receipts.claim('r1', { key: `k${index}`, userId: 'u1', card: PAYER_CARD }, T0 + 1),
          ),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        const holder = `k${claims.indexOf(true)}`;
        expect(await storage.receipts.find('r1')).toMatchObject({ status: 'paying', payKey: holder, card: PAYER_CARD });
        expect(await storage.receipts.settle('r1', 'other', { status: 'paid', paidAt: T0 + 2 }, T0 + 2)).toBe(false);
        expect(await storage.receipts.settle('r1', holder, { status: 'failed', failure: 'card_blocked' }, T0 + 2)).toBe(
          true,
        );
        expect(await storage.receipts.find('r1')).toMatchObject({ status: 'failed', failure: 'card_blocked' });
        expect(await storage.receipts.claim('r1', { key: 'k9', userId: 'u1', card: PAYER_CARD }, T0 + 3)).toBe(true);
        expect(await storage.receipts.settle('r1', 'k9', { status: 'paid', paidAt: T0 + 4 }, T0 + 4)).toBe(true);
        expect(await storage.receipts.find('r1')).toMatchObject({ status: 'paid', paidAt: T0 + 4, failure: null });
        expect(await storage.receipts.claim('r1', { key: 'k10', userId: 'u1', card: PAYER_CARD }, T0 + 5)).toBe(false);
        expect(await storage.receipts.find('nothing')).toBeUndefined();
      }));

    it('records a webhook and what became of it', () =>
      withStorage(async (storage) => {
        await storage.webhooks.insert({
          id: 'w1',
          receiptId: 'r1',
          url: 'https://shop.example/hook',
          event: 'receipt.paid',
          body: '{}',
          status: 'pending',
          attempts: 0,
          lastStatus: null,
          createdAt: T0,
          deliveredAt: null,
        });
        await storage.webhooks.record('w1', { status: 'failed', httpStatus: 500 }, T0 + 1);
        await storage.webhooks.record('w1', { status: 'delivered', httpStatus: 204 }, T0 + 2);
        expect(await storage.webhooks.listByReceipt('r1')).toEqual([
          expect.objectContaining({ id: 'w1', status: 'delivered', attempts: 2, lastStatus: 204, deliveredAt: T0 + 2 }),
        ]);
      }));
  });
}
