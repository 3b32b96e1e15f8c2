/**
 * The payment sandbox (README, The payment sandbox; docs/api.md, Payments): a processor speaking Payme's
 * Subscribe API at `POST /api`, holding its cards and receipts in memory, and its developer tools under
 * `/sandbox`: `POST /sandbox/cards {phone, balance?, expire?}` issues a new Luhn-valid test card to any
 * phone, `POST /sandbox/switches {crash_after_next_pay}` and `GET /sandbox/charges` (the charges made, and the receipts each receipts.pay named) serve the tests. A
 * separate module like the other stand-ins: it imports only `lib/`, and Kirish reaches it over HTTP only.
 * It asks no credentials of its tools: it listens on this machine's loopback and holds only test cards.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { maskNumber } from './cards.js';
import { createLedger } from './ledger.js';
import type { PaymentSandboxOptions } from './options.js';
import { subscribeApi, type SubscribeApiSwitches } from './subscribe-api.js';

export { SANDBOX_CODE, SANDBOX_MERCHANT, type PaymentSandboxOptions } from './options.js';

const PHONE = /^\+998\d{9}$/;
const EXPIRE = /^(0[1-9]|1[0-2])\/\d{2}$/;
/** A new card's money unless told: 1 000 000 so'm, in tiyin. */
const DEFAULT_BALANCE = 100_000_000;

export function paymentSandboxApp(options: PaymentSandboxOptions): Hono {
  const ledger = createLedger(options.clock, options.demoPhone);
  const switches: SubscribeApiSwitches = { crashAfterNextPay: false };
  const app = new Hono();
  app.post('/api', subscribeApi(ledger, options.merchant, switches));
  app.post('/sandbox/cards', async (c) => {
    const body = ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    const { phone, balance = DEFAULT_BALANCE, expire = '03/99' } = body;
    if (typeof phone !== 'string' || !PHONE.test(phone))
      return c.json({ error: 'phone: +998 and nine digits, as +998901234567' }, 400);
    if (typeof balance !== 'number' || !Number.isSafeInteger(balance) || balance < 0)
      return c.json({ error: 'balance: a whole number of tiyin, 0 or more' }, 400);
    if (typeof expire !== 'string' || !EXPIRE.test(expire)) return c.json({ error: 'expire: MM/YY' }, 400);
    const card = ledger.issueCard(phone, balance, expire.replace('/', ''));
    return c.json({ number: card.number, expire, phone, balance }, 201);
  });
  app.post('/sandbox/switches', async (c) => {
    const body = ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    if (typeof body.crash_after_next_pay !== 'boolean')
      return c.json({ error: 'crash_after_next_pay: true or false' }, 400);
    switches.crashAfterNextPay = body.crash_after_next_pay;
    return c.json({ crash_after_next_pay: switches.crashAfterNextPay });
  });
  app.get('/sandbox/charges', (c) =>
    c.json({
      charges: ledger.charges.map((charge) => ({ ...charge, number: maskNumber(charge.number) })),
      pay_calls: ledger.payCalls,
    }),
  );
  return app;
}

export interface RunningPaymentSandbox {
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** Serves the sandbox on 127.0.0.1:`port` (0: a free one). */
export async function startPaymentSandbox(
  port: number,
  options: PaymentSandboxOptions,
): Promise<RunningPaymentSandbox> {
  const server = serve({ fetch: paymentSandboxApp(options).fetch, port, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
