/**
 * The payment sandbox's own rules (README, The payment sandbox): X-Auth's two privileges as Payme's
 * Subscribe API has them, JSON-RPC's errors, and the checks of its developer tools.
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.js';
import { luhnValid } from './cards.js';
import { paymentSandboxApp, SANDBOX_MERCHANT } from './sandbox.js';

const app = paymentSandboxApp({ merchant: SANDBOX_MERCHANT, clock: createManualClock(), demoPhone: '+998901234567' });
const rpc = async (auth: string | null, method: string, params: object = {}) => {
  const answer = await app.request('/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth === null ? {} : { 'x-auth': auth }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: number; result?: Record<string, unknown>; error?: { code: number } };
};
const post = (path: string, body: object) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const CARD = { card: { number: '8600495473316478', expire: '0399' } };

describe('the payment sandbox', () => {
  it('lets the front end’s X-Auth (the id) create a card but only the back end’s (id:key) bill', async () => {
    expect((await rpc(SANDBOX_MERCHANT.id, 'cards.create', CARD)).result?.card).toMatchObject({
      number: '860049******6478',
      verify: false,
    });
    expect((await rpc(SANDBOX_MERCHANT.id, 'receipts.create', { amount: 1000 })).error?.code).toBe(-32504);
    expect((await rpc(null, 'cards.create', CARD)).error?.code).toBe(-32504);
    expect((await rpc(`${SANDBOX_MERCHANT.id}:wrong`, 'cards.create', CARD)).error?.code).toBe(-32504);
    const bill = await rpc(`${SANDBOX_MERCHANT.id}:${SANDBOX_MERCHANT.key}`, 'receipts.create', { amount: 1000 });
    expect(bill).toMatchObject({ id: 7, result: { receipt: { state: 0, amount: 1000 } } });
    expect((await rpc(SANDBOX_MERCHANT.id, 'cards.nothing')).error?.code).toBe(-32601);
  });

  it('issues Luhn-valid cards to a phone and refuses a wrong phone, balance or expiry', async () => {
    const issued = await post('/sandbox/cards', { phone: '+998935550066', balance: 5000, expire: '12/30' });
    expect(issued.status).toBe(201);
    const card = (await issued.json()) as { number: string };
    expect(luhnValid(card.number)).toBe(true);
    for (const body of [
      { phone: '998935550066' },
      { phone: '+998935550066', balance: -1 },
      { phone: '+998935550066', expire: '1230' },
    ])
      expect((await post('/sandbox/cards', body)).status).toBe(400);
    expect((await post('/sandbox/switches', { crash_after_next_pay: 'yes' })).status).toBe(400);
  });
});
