/**
 * The demo partner's small backend (issue 40; docs/partners.md, Billing a user): Bozor's "Buy" asks it
 * for a bill, which it creates at Kirish with its confidential client's credentials (HTTP Basic, RFC 6749
 * §2.3.1: never in the page) — `POST /payment/api/merchant/receipts` — and answers the `pay_url` the
 * page sends the buyer to. Back from /pay (`/?order={order_id}`), the page asks it for the order's
 * status, which it reads from Kirish (`GET merchant/receipts/{id}`) rather than trusting the address.
 * Orders live in this process's memory: a demo, not a shop.
 */
import { Hono } from 'hono';
import type { MerchantReceiptAnswer, MerchantReceiptRequest, MerchantReceiptView } from '../contract/payments.js';
import { randomId } from '../lib/secrets.js';

/** What Bozor sells: one thing, 12 500 so'm (amounts are in tiyin). */
export const DEMO_SHOP_ITEM = { description: 'Bozor: a clay teapot from Rishton', amount: 1_250_000 } as const;

export interface DemoShopOptions {
  /** Where Kirish's API answers (its public URL). */
  ssoOrigin: string;
  /** The demo site's own origin: where the buyer comes back. */
  demoOrigin: string;
  clientId: string;
  clientSecret: string;
}

const form = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** RFC 6749 §2.3.1: the id and the secret form-urlencoded, joined by a colon, base64-encoded. */
function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${form(id)}:${form(secret)}`).toString('base64')}`;
}

export function demoShop(options: DemoShopOptions): Hono {
  const authorization = basic(options.clientId, options.clientSecret);
  const merchant = `${options.ssoOrigin}/payment/api/merchant/receipts`;
  const orders = new Map<string, string>();
  const app = new Hono();

  app.post('/buy', async (c) => {
    const orderId = `bozor-${randomId()}`;
    const bill: MerchantReceiptRequest = {
      ...DEMO_SHOP_ITEM,
      order_id: orderId,
      return_url: `${options.demoOrigin}/?order=${encodeURIComponent(orderId)}`,
    };
    const response = await fetch(merchant, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(bill),
    });
    if (!response.ok) return c.json({ error: 'bill_not_created', status: response.status }, 502);
    const answer = (await response.json()) as MerchantReceiptAnswer;
    orders.set(orderId, answer.id);
    return c.json({ order_id: orderId, pay_url: answer.pay_url });
  });

  app.get('/orders/:order', async (c) => {
    const id = orders.get(c.req.param('order'));
    if (!id) return c.json({ error: 'unknown_order' }, 404);
    const response = await fetch(`${merchant}/${encodeURIComponent(id)}`, { headers: { authorization } });
    if (!response.ok) return c.json({ error: 'bill_not_read', status: response.status }, 502);
    const view = (await response.json()) as MerchantReceiptView;
    return c.json({ order_id: view.order_id, status: view.status, amount: view.amount, description: view.description });
  });

  return app;
}
