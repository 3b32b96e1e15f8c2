/**
 * The SMS gateways' delivery reports (sms-report-routes.ts, issue 37) on a test server whose SMS codes go
 * through the chain over fake gateways (test-support/sms-gateways.ts): a delivered and a failed report move
 * the row, a forged one (wrong secret) is a 404 that changes nothing, a malformed one a 400, one of an unknown
 * message a 200 that changes nothing; a failed delivery lets the person ask for a code again at once, over a
 * real socket; the metrics count it all by gateway.
 */
import { serve, type ServerType } from '@hono/node-server';
import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SMS_REPORT_SECRET, SMS_REPORTS_PATH } from '../../config/sms-config.js';
import { createSmsGatewayChain } from '../../senders/sms-gateway-chain.js';
import type { SmsMessage } from '../../storage/storage.js';
import { fakeGateway, type FakeGateway } from '../../test-support/sms-gateways.js';
import { createTestServer, V1, type TestServer } from '../../test-support/test-server.js';

const PHONE = '+998901234567';
const SCRAPE_TOKEN = 'scrape-token-0123456789-abcdefghij';
const SEND = `${V1}/auth/SendAuthSmsVerification/`;
const section = { type: 'login_sms_verification', phone: PHONE };
const reportPath = (secret = DEVELOPMENT_SMS_REPORT_SECRET, gateway = 'eskiz') =>
  `${SMS_REPORTS_PATH}/${gateway}/${secret}/`;

let server: TestServer;
let eskiz: FakeGateway;

beforeEach(async () => {
  eskiz = fakeGateway('eskiz');
  const chain = { current: undefined as ReturnType<typeof createSmsGatewayChain> | undefined };
  server = await createTestServer({
    env: { METRICS_TOKEN: SCRAPE_TOKEN },
    smsGateways: [eskiz],
    // The chain needs the server's storage and clock, which exist once the server does.
    sender: { send: (message) => chain.current!.send(message) },
  });
  chain.current = createSmsGatewayChain({
    gateways: [eskiz],
    storage: server.storage,
    clock: server.clock,
    callbackUrl: () => null,
  });
});
afterEach(async () => {
  expect(server.loggedErrors).toEqual([]);
  await server.close();
});

/** Sends a code by SMS and answers its row. */
async function sendCode(): Promise<SmsMessage> {
  const sent = await server.post(SEND, section);
  expect(sent.status).toBe(200);
  return (await server.storage.smsMessages.find(eskiz.handed.at(-1)!.messageId))!;
}

function report(body: unknown, path = reportPath()) {
  return server.call('POST', path, { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

async function metrics(): Promise<string> {
  return (await server.call('GET', '/metrics', { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } })).text;
}

describe('the SMS delivery reports', () => {
  it('move a row to delivered, by the gateway’s id, and count the delivery and its time', async () => {
    const row = await sendCode();
    expect(row).toMatchObject({ status: 'sent', gatewayMessageId: 'eskiz-1' });
    server.clock.advanceSeconds(4);
    const answer = await report({
      reports: [{ gatewayMessageId: 'eskiz-1', messageId: null, status: 'delivered', at: null }],
    });
    expect(answer.status).toBe(200);
    expect(await server.storage.smsMessages.find(row.id)).toMatchObject({
      status: 'delivered',
      deliveredAt: server.clock.now(),
    });
    const exposed = await metrics();
    expect(exposed).toContain('kirish_sms_delivered_total{gateway="eskiz"} 1');
    expect(exposed).toContain('kirish_sms_delivery_seconds_bucket{gateway="eskiz",le="5"} 1');
    expect(exposed).toContain('kirish_sms_delivery_seconds_bucket{gateway="eskiz",le="2"} 0');
  });

  it('move a row to failed, by Kirish’s own id, and a later contradicting report changes nothing', async () => {
    const row = await sendCode();
    const failed = await report({
      reports: [{ gatewayMessageId: null, messageId: row.id, status: 'failed', at: null }],
    });
    expect(failed.status).toBe(200);
    const after = await report({
      reports: [{ gatewayMessageId: 'eskiz-1', messageId: null, status: 'delivered', at: null }],
    });
    expect(after.status).toBe(200);
    expect(await server.storage.smsMessages.find(row.id)).toMatchObject({
      status: 'failed',
      failedAt: server.clock.now(),
      deliveredAt: null,
    });
    expect(await metrics()).toContain('kirish_sms_failed_total{gateway="eskiz"} 1');
  });

  it('refuse a forged report (a wrong or missing secret, a gateway not configured) with a 404 and change nothing', async () => {
    const row = await sendCode();
    const body = { reports: [{ gatewayMessageId: 'eskiz-1', messageId: row.id, status: 'failed', at: null }] };
    for (const path of [
      reportPath('kirish-development-sms-report-secreT'),
      reportPath(''),
      `${SMS_REPORTS_PATH}/eskiz/`,
      reportPath(DEVELOPMENT_SMS_REPORT_SECRET, 'playmobile'),
    ]) {
      const answer = await report(body, path);
      expect(answer.status, path).toBe(404);
      expect(answer.json).toEqual({ errors: [{ error: 'not_found' }] });
    }
    expect(await server.storage.smsMessages.find(row.id)).toMatchObject({ status: 'sent' });
    expect(await server.post(SEND, section)).toMatchObject({ status: 429 });
    // Refused before its body is read: one over the body limit is a 404 too, not a 413.
    const large = await report({ ...body, padding: 'x'.repeat(20 * 1024) }, reportPath('wrong-secret'));
    expect(large.status).toBe(404);
  });

  it('answer a body that is not the gateway’s report with a 400', async () => {
    const answer = await server.call('POST', reportPath(), { rawBody: 'status=delivered' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ error: 'invalid_value' }] });
  });

  it('answer a report of a message it does not know with a 200, and change nothing', async () => {
    const row = await sendCode();
    const answer = await report({
      reports: [
        { gatewayMessageId: 'eskiz-99', messageId: null, status: 'failed', at: null },
        { gatewayMessageId: null, messageId: 'no-such-message', status: 'failed', at: null },
      ],
    });
    expect(answer.status).toBe(200);
    expect(await server.storage.smsMessages.find(row.id)).toMatchObject({ status: 'sent' });
  });

  it('refuse a body over the API’s limit with a 413, once the secret is right', async () => {
    const answer = await report({ reports: [], padding: 'x'.repeat(20 * 1024) });
    expect(answer.status).toBe(413);
  });
});

describe('a failed delivery, over HTTP', () => {
  let http: ServerType;
  let origin: string;
  beforeEach(async () => {
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(http, 'listening');
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    http.close();
  });

  /** A POST over the socket, naming the server by its own name: outside production it answers no other (DNS rebinding). */
  const post = (path: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const sent = request(`${origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          host: new URL(server.config.publicUrl).host,
        },
      });
      sent.on('response', (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(payload);
    });

  it('lets the person ask for a code again at once, not after the cooldown', async () => {
    expect(await post(SEND, section)).toBe(200);
    expect(await post(SEND, section)).toBe(429);
    const messageId = eskiz.handed.at(-1)!.messageId;
    const reported = await post(reportPath(), {
      reports: [{ gatewayMessageId: null, messageId, status: 'failed', at: null }],
    });
    expect(reported).toBe(200);
    const again = await post(SEND, section);
    expect(again).toBe(200);
    expect(eskiz.handed).toHaveLength(2);
  });
});
