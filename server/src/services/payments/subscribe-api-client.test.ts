/**
 * The Subscribe API client against the payment sandbox over HTTP (docs/api.md, Payments, The processor):
 * the whole card and receipt life as the routes use it, each refusal as its catalogue key, X-Auth, and a
 * lost answer as `ProcessorUnavailable` after the charge was made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.js';
import { SANDBOX_CODE, SANDBOX_MERCHANT, usePaymentSandbox } from '../../test-support/payment-sandbox.js';
import { ProcessorRefusal, ProcessorUnavailable, type PaymentProcessor } from './payment-processor.js';
import { createSubscribeApiClient } from './subscribe-api-client.js';

const sandbox = usePaymentSandbox(createManualClock());
let processor: PaymentProcessor;

const client = (merchantKey: string = SANDBOX_MERCHANT.key) =>
  createSubscribeApiClient({
    url: sandbox.apiUrl(),
    merchantId: SANDBOX_MERCHANT.id,
    merchantKey,
    timeoutMs: 5_000,
  });

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProcessorRefusal);
  return (error as ProcessorRefusal).key;
}

beforeAll(() => {
  processor = client();
});

describe('the Subscribe API client against the sandbox', () => {
  it('adds a card with the code 666666 and pays a receipt with it, once', async () => {
    const card = await processor.createCard('8600495473316478', '0399');
    expect(card).toMatchObject({ maskedNumber: '860049******6478', expire: '03/99', verified: false });
    expect(await processor.sendCode(card.token)).toEqual({ phone: '99890*****67', waitMs: 60_000 });
    expect(await refusal(processor.verifyCard(card.token, '123456'))).toBe('code_not_valid');
    expect(await processor.verifyCard(card.token, SANDBOX_CODE)).toMatchObject({ verified: true });

    const bill = await processor.createReceipt({ amount: 500_000, orderId: 'o-1', description: 'A book' });
    expect(bill).toMatchObject({ state: 'created', amount: 500_000, paidAt: null });
    expect(await processor.payReceipt(bill.id, card.token)).toMatchObject({ state: 'paid' });
    expect(await refusal(processor.payReceipt(bill.id, card.token))).toBe('receipt_not_payable');
    expect(await processor.getReceipt(bill.id)).toMatchObject({ id: bill.id, state: 'paid' });
    expect((await sandbox.charges()).filter((charge) => charge.receipt === bill.id)).toHaveLength(1);
    await processor.removeCard(card.token);
    expect(await refusal(processor.removeCard(card.token))).toBe('card_not_found');
  });

  it('refuses a wrong number, a wrong or past expiry, a blocked card and a card without the money', async () => {
    expect(await refusal(processor.createCard('8600495473316479', '0399'))).toBe('wrong_number');
    expect(await refusal(processor.createCard('8600495473316478', '0499'))).toBe('wrong_expire');
    expect(await refusal(processor.createCard('9860111122223337', '0124'))).toBe('wrong_expire');
    expect(await refusal(processor.createCard('9860555566667773', '0399'))).toBe('card_blocked');
    const poor = await processor.createCard('8600777788889996', '0399');
    await processor.verifyCard(poor.token, SANDBOX_CODE);
    const bill = await processor.createReceipt({ amount: 10_000, orderId: 'o-2', description: 'Tea' });
    expect(await refusal(processor.payReceipt(bill.id, poor.token))).toBe('card_insufficient_funds');
  });

  it('issues a new Luhn-valid card to any phone, whose code goes to that phone', async () => {
    const issued = await sandbox.issueCard('+998935551122', 1000);
    expect(issued.number).toMatch(/^8600\d{12}$/);
    const card = await processor.createCard(issued.number, issued.expire.replace('/', ''));
    expect((await processor.sendCode(card.token)).phone).toBe('99893*****22');
  });

  it('answers nothing to a wrong merchant key, and a lost answer is unavailable though the card was charged', async () => {
    await expect(client('wrong-key').getReceipt('x')).rejects.toBeInstanceOf(ProcessorUnavailable);
    const card = await processor.createCard('9860060195406313', '0399');
    await processor.verifyCard(card.token, SANDBOX_CODE);
    const bill = await processor.createReceipt({ amount: 20_000, orderId: 'o-3', description: 'Bread' });
    await sandbox.crashAfterNextPay();
    await expect(processor.payReceipt(bill.id, card.token)).rejects.toBeInstanceOf(ProcessorUnavailable);
    expect(await processor.getReceipt(bill.id)).toMatchObject({ state: 'paid' });
  });
});
