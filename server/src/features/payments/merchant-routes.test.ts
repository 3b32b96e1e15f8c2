/**
 * A partner's bills (docs/partners.md, Billing a user): created and read back with the confidential
 * client's credentials, the return address checked against its registered origins, one bill per order.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets.js';
import { testClient } from '../../test-support/clients.js';
import { PAY, SHOP, usePaymentTests } from '../../test-support/payments.js';

const { server, partner, basic, registerShop, bill } = usePaymentTests();
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;

describe('partners’ bills', () => {
  it('creates a bill with the client’s credentials and answers its pay_url; the same order is the same bill', async () => {
    await registerShop();
    const created = await bill({ order_id: 'order-1' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      pay_url: `${server.config.publicUrl}/pay?receipt=${created.json.id}`,
    });
    const again = await bill({ order_id: 'order-1' });
    expect([again.status, again.json]).toEqual([200, created.json]);
    const other = await bill({ order_id: 'order-1', amount: 1_000 });
    expect([other.status, errors(other.json)]).toEqual([409, [{ error: 'order_id_taken' }]]);
    const read = await server.call('GET', `${PAY}/merchant/receipts/${created.json.id}`, {
      headers: { authorization: basic },
    });
    expect(read.json).toEqual({
      id: created.json.id,
      order_id: 'order-1',
      amount: 1_250_000,
      currency: 'UZS',
      description: 'Kitob: O‘tkan kunlar',
      status: 'pending',
      created_at: new Date(server.clock.now()).toISOString(),
      paid_at: null,
    });
  });

  it('refuses a return or webhook address outside the client’s origins, and a wrong amount', async () => {
    await registerShop();
    const elsewhere = await bill({ return_url: 'https://evil.example/done' });
    expect([elsewhere.status, errors(elsewhere.json)]).toEqual([
      400,
      [{ error: 'return_url_not_registered', field: 'return_url' }],
    ]);
    const hook = await bill({ webhook_url: 'https://evil.example/hook' });
    expect(errors(hook.json)).toEqual([{ error: 'return_url_not_registered', field: 'webhook_url' }]);
    expect(errors((await bill({ return_url: 'javascript:alert(1)' })).json)).toEqual([
      { error: 'return_url_not_registered', field: 'return_url' },
    ]);
    for (const amount of [99, 12.5, '100', 10_000_000_001]) {
      const answer = await bill({ amount });
      expect([amount, errors(answer.json)]).toEqual([amount, [{ error: 'invalid_amount', field: 'amount' }]]);
    }
    expect(errors((await bill({ description: '  ' })).json)).toEqual([
      { error: 'field_required', field: 'description' },
    ]);
  });

  it('answers 401 invalid_client with a Basic challenge to no, wrong or public credentials', async () => {
    await registerShop();
    await server.storage.clients.upsert(
      testClient(server.clock.now(), { id: 'public-app', name: 'Public', webOrigins: [partner.origin()] }),
    );
    const attempts = [
      undefined,
      `Basic ${Buffer.from(`${SHOP.id}:wrong`).toString('base64')}`,
      `Basic ${Buffer.from('public-app:').toString('base64')}`,
      `Bearer ${SHOP.secret}`,
    ];
    for (const authorization of attempts) {
      const answer = await server.post(
        `${PAY}/merchant/receipts`,
        { amount: 1000, description: 'x', order_id: 'o', return_url: `${partner.origin()}/done` },
        { headers: authorization ? { authorization } : {} },
      );
      expect([authorization, answer.status, errors(answer.json)]).toEqual([
        authorization,
        401,
        [{ error: 'invalid_client' }],
      ]);
      expect(answer.headers.get('www-authenticate')).toBe('Basic realm="kirish-payments", charset="UTF-8"');
    }
  });

  it('shows a client only its own bills', async () => {
    await registerShop();
    const created = await bill();
    const secret = 'another-shop-secret-0123456789abcdef';
    await server.storage.clients.upsert(
      testClient(server.clock.now(), {
        id: 'other-shop',
        name: 'Other',
        kind: 'confidential',
        secretHash: sha256(secret),
      }),
    );
    const answer = await server.call('GET', `${PAY}/merchant/receipts/${created.json.id}`, {
      headers: { authorization: `Basic ${Buffer.from(`other-shop:${secret}`).toString('base64')}` },
    });
    expect([answer.status, errors(answer.json)]).toEqual([404, [{ error: 'receipt_not_found' }]]);
  });
});
