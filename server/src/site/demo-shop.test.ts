import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SHOP_ITEM, demoShop } from './demo-shop.js';

const options = {
  ssoOrigin: 'http://kirish.test',
  demoOrigin: 'http://127.0.0.1:8081',
  clientId: 'kirish-demo-shop',
  clientSecret: 's3cret/+',
};

afterEach(() => vi.unstubAllGlobals());

describe("the demo shop's backend", () => {
  it('creates the bill with its client credentials, then reads the order’s status from Kirish', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return calls.length === 1
        ? Response.json({ id: 'r1', pay_url: 'http://kirish.test/pay?receipt=r1' }, { status: 201 })
        : Response.json({ id: 'r1', order_id: 'x', status: 'paid', amount: 1, description: 'd' });
    });
    const shop = demoShop(options);
    const bought = await shop.request('/buy', { method: 'POST' });
    expect(bought.status).toBe(200);
    const { order_id: orderId, pay_url: payUrl } = (await bought.json()) as { order_id: string; pay_url: string };
    expect(payUrl).toBe('http://kirish.test/pay?receipt=r1');
    expect(calls[0]?.url).toBe('http://kirish.test/payment/api/merchant/receipts');
    // RFC 6749 §2.3.1: the secret form-urlencoded before the base64.
    const basic = `Basic ${Buffer.from('kirish-demo-shop:s3cret%2F%2B').toString('base64')}`;
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe(basic);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      ...DEMO_SHOP_ITEM,
      order_id: orderId,
      return_url: `http://127.0.0.1:8081/?order=${orderId}`,
    });

    const order = await shop.request(`/orders/${orderId}`);
    expect(await order.json()).toMatchObject({ status: 'paid' });
    expect(calls[1]?.url).toBe('http://kirish.test/payment/api/merchant/receipts/r1');
    expect(new Headers(calls[1]?.init?.headers).get('authorization')).toBe(basic);
  });

  it('knows only its own orders, and says when Kirish refused the bill', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ errors: [{ error: 'invalid_client' }] }, { status: 401 }));
    const shop = demoShop(options);
    expect((await shop.request('/orders/bozor-unknown')).status).toBe(404);
    expect((await shop.request('/buy', { method: 'POST' })).status).toBe(502);
  });
});
