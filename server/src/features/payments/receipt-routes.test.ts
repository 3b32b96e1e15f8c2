/**
 * Paying a partner's bill and the receipts (docs/api.md, Payments) against the sandbox over HTTP: one
 * charge however often the pay is sent, the signed webhook, a refusal leaving the bill payable, the
 * reconcile after the processor's answer was lost, and the paged list.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets.js';
import { PAY, SHOP, TEST_CARDS, usePaymentTests } from '../../test-support/payments.js';
import { signWebhook } from '../../services/payments/receipt-webhook.js';

const { server, sandbox, payer, saveCard, registerShop, bill, webhooksArrived } = usePaymentTests();
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;
const pay = (id: string, cardId: string, token: string, key: string) =>
  server.post(`${PAY}/receipts/${id}/pay`, { card_id: cardId }, { token, headers: { 'idempotency-key': key } });
const processorId = async (receipt: string) => (await server.storage.receipts.find(receipt))?.processorReceiptId;
const chargesOf = async (receipt: string) => {
  const id = await processorId(receipt);
  return (await sandbox.charges()).filter((charge) => charge.receipt === id);
};
/** How many receipts.pay for this bill reached the processor. */
const payCallsOf = async (receipt: string) => {
  const id = await processorId(receipt);
  return (await sandbox.payCalls()).filter((call) => call === id).length;
};

describe('paying a bill', () => {
  it('pays once with a saved card, tells the partner in a signed webhook, and shows the receipt', async () => {
    await registerShop();
    const token = await payer();
    const card = await saveCard(token);
    const { id } = (await bill({ order_id: 'order-7' })).json;
    const open = await server.call('GET', `${PAY}/receipts/${id}/`, { token });
    expect(open.json).toMatchObject({ status: 'pending', merchant: { name: 'Bozor', logo: null }, card: null });
    const paid = await pay(id, card, token, 'click-1');
    expect(paid.status).toBe(200);
    const receipt = {
      id,
      merchant: { name: 'Bozor', logo: null },
      description: 'Kitob: O‘tkan kunlar',
      amount: 1_250_000,
      currency: 'UZS',
      status: 'paid',
      card: { brand: 'uzcard', masked_number: '860049******6478' },
      created_at: new Date(server.clock.now()).toISOString(),
      paid_at: new Date(server.clock.now()).toISOString(),
      return_url: expect.stringMatching(/\/done$/),
    };
    expect(paid.json).toEqual(receipt);
    // The same key again is the same answer; another key finds the bill paid; neither charges again.
    expect((await pay(id, card, token, 'click-1')).json).toEqual(receipt);
    const second = await pay(id, card, token, 'click-2');
    expect([second.status, errors(second.json)]).toEqual([409, [{ error: 'receipt_already_paid' }]]);
    expect(await chargesOf(id)).toHaveLength(1);
    expect(await payCallsOf(id)).toBe(1);
    expect((await server.call('GET', `${PAY}/receipts/${id}`, { token })).json).toEqual(receipt);

    const [hook] = await webhooksArrived(1);
    const timestamp = Number(hook?.headers['kirish-timestamp']);
    expect(timestamp).toBe(Math.floor(server.clock.now() / 1000));
    expect(hook?.headers['kirish-signature']).toBe(signWebhook(sha256(SHOP.secret), timestamp, hook?.body ?? ''));
    expect(JSON.parse(hook?.body ?? '')).toMatchObject({
      event: 'receipt.paid',
      receipt: { id, order_id: 'order-7', status: 'paid', amount: 1_250_000 },
    });
    expect(await server.storage.webhooks.listByReceipt(id)).toEqual([
      expect.objectContaining({ status: 'delivered', lastStatus: 204, attempts: 1 }),
    ]);
  });

  it('charges once for twenty parallel requests with one Idempotency-Key', async () => {
    await registerShop();
    const token = await payer();
    const card = await saveCard(token);
    const { id } = (await bill()).json;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(id, card, token, 'double-click')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const answer of answers.filter((one) => one.status === 409))
      expect(errors(answer.json)).toEqual([{ error: 'payment_in_progress' }]);
    expect(await chargesOf(id)).toHaveLength(1);
    // Kirish's claim, not only the processor, holds the line: one pay reached it.
    expect(await payCallsOf(id)).toBe(1);
    expect((await server.call('GET', `${PAY}/receipts/${id}/`, { token })).json.status).toBe('paid');
  });

  it('reconciles with the processor on the next read when its answer was lost after the charge', async () => {
    await registerShop();
    const token = await payer();
    const card = await saveCard(token);
    const { id } = (await bill()).json;
    await sandbox.crashAfterNextPay();
    const lost = await pay(id, card, token, 'k-lost');
    expect([lost.status, errors(lost.json)]).toEqual([502, [{ error: 'payment_processor_unavailable' }]]);
    expect(server.loggedErrors.splice(0)).toEqual([
      expect.objectContaining({ message: 'payment processor: receipts.pay unreachable' }),
    ]);
    expect(await server.storage.receipts.find(id)).toMatchObject({ status: 'paying' });
    expect(await chargesOf(id)).toHaveLength(1);
    const read = await server.call('GET', `${PAY}/receipts/${id}/`, { token });
    expect(read.json).toMatchObject({ status: 'paid', card: { masked_number: '860049******6478' } });
    // A retry with a new key after the reconcile charges nothing more.
    expect(errors((await pay(id, card, token, 'k-retry')).json)).toEqual([{ error: 'receipt_already_paid' }]);
    expect(await chargesOf(id)).toHaveLength(1);
  });

  it('leaves a refused bill failed and payable with another card', async () => {
    await registerShop();
    const token = await payer();
    const poor = await saveCard(token, TEST_CARDS.poor);
    const rich = await saveCard(token, TEST_CARDS.humo);
    const { id } = (await bill()).json;
    const refused = await pay(id, poor, token, 'k-1');
    expect([refused.status, errors(refused.json)]).toEqual([402, [{ error: 'card_insufficient_funds' }]]);
    expect((await server.call('GET', `${PAY}/receipts/${id}/`, { token })).json.status).toBe('failed');
    expect(errors((await pay(id, poor, token, 'k-1')).json)).toEqual([{ error: 'card_insufficient_funds' }]);
    const paid = await pay(id, rich, token, 'k-2');
    expect(paid.json).toMatchObject({ status: 'paid', card: { brand: 'humo' } });
    const events = (await webhooksArrived(2)).map((hook) => JSON.parse(hook.body));
    expect(events.map((event) => [event.event, event.receipt.id]).toSorted()).toEqual([
      ['receipt.failed', id],
      ['receipt.paid', id],
    ]);
  });

  it('asks for an Idempotency-Key and a saved card of the payer', async () => {
    await registerShop();
    const token = await payer();
    const card = await saveCard(token);
    const { id } = (await bill()).json;
    const keyless = await server.post(`${PAY}/receipts/${id}/pay`, { card_id: card }, { token });
    expect([keyless.status, errors(keyless.json)]).toEqual([400, [{ error: 'idempotency_key_required' }]]);
    const stranger = await payer('+998935550044');
    const foreign = await pay(id, card, stranger, 'k');
    expect([foreign.status, errors(foreign.json)]).toEqual([400, [{ error: 'card_not_found', field: 'card_id' }]]);
    const missing = await pay('no-such-bill', card, token, 'k');
    expect([missing.status, errors(missing.json)]).toEqual([404, [{ error: 'receipt_not_found' }]]);
    await pay(id, card, token, 'k');
    // Once paid, the receipt is its payer's alone.
    expect((await server.call('GET', `${PAY}/receipts/${id}/`, { token: stranger })).status).toBe(404);
  });

  it('lists the payer’s receipts newest first, a page at a time', async () => {
    await registerShop();
    const token = await payer();
    const card = await saveCard(token);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advanceSeconds(60);
      const { id } = (await bill()).json;
      await pay(id, card, token, `k-${i}`);
      ids.push(id);
    }
    const base = `${server.config.publicUrl}${PAY}/receipts/`;
    const first = await server.call('GET', `${PAY}/receipts/?page=1&page_size=2`, { token });
    expect(first.json).toMatchObject({ count: 3, next: `${base}?page=2&page_size=2`, previous: null });
    expect(first.json.results.map((receipt: { id: string }) => receipt.id)).toEqual([ids[2], ids[1]]);
    const second = await server.call('GET', `${PAY}/receipts/?page=2&page_size=2`, { token });
    expect(second.json).toMatchObject({ count: 3, next: null, previous: `${base}?page=1&page_size=2` });
    expect(second.json.results.map((receipt: { id: string }) => receipt.id)).toEqual([ids[0]]);
    const bad = await server.call('GET', `${PAY}/receipts/?page_size=51`, { token });
    expect([bad.status, errors(bad.json)]).toEqual([400, [{ error: 'invalid_value' }]]);
    const other = await payer('+998935550055');
    expect((await server.call('GET', `${PAY}/receipts/`, { token: other })).json).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
