/**
 * The payments tests' preamble (docs/api.md, Payments): a test server whose processor is the payment
 * sandbox over HTTP, a partner's endpoint taking webhooks over HTTP, a confidential partner client, and
 * the steps every test repeats (an account on the demo phone, a saved card, a bill).
 */
import { Hono } from 'hono';
import { beforeEach } from 'vitest';
import { DEMO_ACCOUNT } from '../demo-data.js';
import { createManualClock } from '../lib/clock.js';
import { sha256 } from '../lib/secrets.js';
import { testClient } from './clients.js';
import { SANDBOX_CODE, SANDBOX_MERCHANT, TEST_CARDS, usePaymentSandbox } from './payment-sandbox.js';
import { useServedApp } from './served-app.js';
import { useTestServer } from './test-server.js';

export { SANDBOX_CODE, TEST_CARDS } from './payment-sandbox.js';

export const PAY = '/payment/api';
export const SHOP = { id: 'bozor-shop', secret: 'bozor-shop-secret-of-enough-length-0123456789' };

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

export function usePaymentTests() {
  const sandbox = usePaymentSandbox(createManualClock());
  const webhooks: ReceivedWebhook[] = [];
  beforeEach(() => {
    webhooks.length = 0;
  });
  const partner = useServedApp(
    new Hono().post('/hook', async (c) => {
      webhooks.push({ headers: Object.fromEntries(c.req.raw.headers), body: await c.req.text() });
      return c.body(null, 204);
    }),
  );
  const server = useTestServer({
    env: () => ({
      PAYMENT_PROCESSOR_URL: sandbox.apiUrl(),
      PAYMENT_MERCHANT_ID: SANDBOX_MERCHANT.id,
      PAYMENT_MERCHANT_KEY: SANDBOX_MERCHANT.key,
    }),
  });
  const basic = `Basic ${Buffer.from(`${SHOP.id}:${SHOP.secret}`).toString('base64')}`;

  /** An account on the demo phone, whose test cards are its; its access token. */
  async function payer(phone: string = DEMO_ACCOUNT.phone): Promise<string> {
    return (await server.registerByPhone(phone)).access;
  }

  /** Adds and verifies a card; its id. */
  async function saveCard(token: string, card: { number: string; expire: string } = TEST_CARDS.uzcard) {
    const added = await server.post(`${PAY}/cards`, card, { token });
    if (added.status !== 201) throw new Error(`add failed: ${added.status} ${added.text}`);
    const id = added.json.id as string;
    const verified = await server.post(`${PAY}/cards/verify`, { id, code: SANDBOX_CODE }, { token });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
    return id;
  }

  /** The partner, a confidential client whose origin is the webhook listener's. */
  async function registerShop(): Promise<void> {
    await server.storage.clients.upsert(
      testClient(server.clock.now(), {
        id: SHOP.id,
        name: 'Bozor',
        kind: 'confidential',
        secretHash: sha256(SHOP.secret),
        webOrigins: [partner.origin()],
      }),
    );
  }

  async function bill(fields: Record<string, unknown> = {}) {
    return server.post(
      `${PAY}/merchant/receipts`,
      {
        amount: 1_250_000,
        description: 'Kitob: O‘tkan kunlar',
        order_id: `order-${Math.random().toString(36).slice(2)}`,
        return_url: `${partner.origin()}/done`,
        webhook_url: `${partner.origin()}/hook`,
        ...fields,
      },
      { headers: { authorization: basic } },
    );
  }

  /** Resolves once `count` webhooks arrived (rejects after two seconds). */
  async function webhooksArrived(count: number): Promise<ReceivedWebhook[]> {
    for (let waited = 0; webhooks.length < count; waited += 20) {
      if (waited > 2000) throw new Error(`${webhooks.length} of ${count} webhooks arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return webhooks;
  }

  return { server, sandbox, partner, webhooks, basic, payer, saveCard, registerShop, bill, webhooksArrived };
}
