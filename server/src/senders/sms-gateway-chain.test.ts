/**
 * The SMS gateways' chain (sms-gateway-chain.ts) with fake gateways (test-support/sms-gateways.ts) on a real
 * SQLite storage and a hand-moved clock: failover on a 5xx and on a timeout, a gateway set aside after
 * repeated failures and tried again after the skip time, every gateway failing, and the rows it writes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_GATEWAY_FAILURES_BEFORE_SKIP, SMS_GATEWAY_SKIP_SECONDS } from '../config/policy.js';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { openSqliteFile } from '../storage/contract/databases.js';
import type { Storage } from '../storage/storage.js';
import { fakeGateway, type FakeGateway } from '../test-support/sms-gateways.js';
import { SendFailedError, type OutgoingMessage, type Sender } from './sender.js';
import { createSmsGatewayChain } from './sms-gateway-chain.js';

const PHONE = '+998901234567';
const message: OutgoingMessage = {
  channel: 'sms',
  to: PHONE,
  code: '481516',
  text: 'Kirish: 481516\n\n@localhost #481516',
  subject: 'code',
  purpose: 'login_sms_verification',
  codeId: 'code-1',
};

let storage: Storage;
let dispose: () => Promise<void>;
let clock: ManualClock;
let counted: string[];
let logged: Array<{ message: string; fields: unknown }>;
let eskiz: FakeGateway;
let playmobile: FakeGateway;
let chain: Sender;

beforeEach(async () => {
  ({ storage, dispose } = await openSqliteFile());
  clock = createManualClock();
  counted = [];
  logged = [];
  eskiz = fakeGateway('eskiz');
  playmobile = fakeGateway('playmobile');
  chain = createSmsGatewayChain({
    gateways: [eskiz, playmobile],
    storage,
    clock,
    callbackUrl: (gateway) => `https://id.kirish.uz/sso/api/v1/sms/reports/${gateway}/s3cret/`,
    metrics: {
      smsSent: (gateway) => counted.push(`sent ${gateway}`),
      smsFailover: (gateway) => counted.push(`failover ${gateway}`),
      smsSkip: (gateway) => counted.push(`skip ${gateway}`),
    },
    log: (line, _error, fields) => logged.push({ message: line, fields }),
    timeoutMs: 50,
  });
});
afterEach(() => dispose());

/** The row of the message `gateway` was handed last. */
async function rowOf(gateway: FakeGateway) {
  return storage.smsMessages.find(gateway.handed.at(-1)!.messageId);
}

/** How many times the chain counted `what` (`sent eskiz`, `failover eskiz`, `skip eskiz`). */
const metric = (what: string): number => counted.filter((one) => one === what).length;

describe('the SMS gateway chain', () => {
  it('sends through the first gateway and keeps a row: its id, the masked phone, the code’s purpose and row', async () => {
    await chain.send(message);
    expect(eskiz.handed).toEqual([
      {
        channel: 'sms',
        to: PHONE,
        text: message.text,
        messageId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        callbackUrl: 'https://id.kirish.uz/sso/api/v1/sms/reports/eskiz/s3cret/',
      },
    ]);
    expect(playmobile.handed).toEqual([]);
    expect(await rowOf(eskiz)).toEqual({
      id: eskiz.handed[0]!.messageId,
      gateway: 'eskiz',
      gatewayMessageId: 'eskiz-1',
      phoneMasked: '+998 90 *** ** 67',
      purpose: 'login_sms_verification',
      codeId: 'code-1',
      channel: 'sms',
      status: 'sent',
      createdAt: clock.now(),
      sentAt: clock.now(),
      deliveredAt: null,
      failedAt: null,
      error: null,
    });
    expect(metric('sent eskiz')).toBe(1);
  });

  it('writes the row before the gateway is called, so that a report arriving at once finds it', async () => {
    let seen: unknown;
    const send = eskiz.send.bind(eskiz);
    eskiz.send = async (outgoing) => {
      seen = await storage.smsMessages.find(outgoing.messageId);
      return send(outgoing);
    };
    await chain.send(message);
    expect(seen).toMatchObject({ status: 'sent', sentAt: null, phoneMasked: '+998 90 *** ** 67' });
  });

  it('hands a message the first gateway answers with a 5xx to the next at once', async () => {
    eskiz.script = ['5xx'];
    await chain.send(message);
    expect(playmobile.handed.map((handed) => handed.messageId)).toEqual(eskiz.handed.map((handed) => handed.messageId));
    expect(playmobile.handed[0]!.callbackUrl).toBe('https://id.kirish.uz/sso/api/v1/sms/reports/playmobile/s3cret/');
    expect(await rowOf(playmobile)).toMatchObject({
      gateway: 'playmobile',
      gatewayMessageId: 'playmobile-1',
      status: 'sent',
    });
    expect(metric('failover eskiz')).toBe(1);
    expect(metric('sent playmobile')).toBe(1);
    expect(logged).toEqual([
      {
        message: 'SMS gateway failed: the next one is tried',
        fields: { channel: 'sms', gateway: 'eskiz', reason: 'status 503', next: 'playmobile' },
      },
    ]);
  });

  it('gives up a gateway that does not answer in time for the next one', async () => {
    eskiz.script = ['hang'];
    await chain.send(message);
    expect(await rowOf(playmobile)).toMatchObject({ gateway: 'playmobile', status: 'sent' });
    expect(logged[0]?.fields).toMatchObject({ gateway: 'eskiz', reason: 'timeout' });
  });

  it('sets a gateway aside after repeated failures, and tries it again after the skip time', async () => {
    eskiz.otherwise = '5xx';
    for (let sent = 0; sent < SMS_GATEWAY_FAILURES_BEFORE_SKIP; sent += 1) await chain.send(message);
    expect(eskiz.handed).toHaveLength(SMS_GATEWAY_FAILURES_BEFORE_SKIP);
    expect(metric('skip eskiz')).toBe(1);

    // Set aside: the next codes go straight to Play Mobile.
    clock.advanceSeconds(SMS_GATEWAY_SKIP_SECONDS - 1);
    await chain.send(message);
    expect(eskiz.handed).toHaveLength(SMS_GATEWAY_FAILURES_BEFORE_SKIP);
    expect(await rowOf(playmobile)).toMatchObject({ gateway: 'playmobile', status: 'sent' });

    // The skip time over, Eskiz is tried first again; it works now, and one success clears its count.
    clock.advanceSeconds(1);
    eskiz.otherwise = 'take';
    await chain.send(message);
    expect(eskiz.handed).toHaveLength(SMS_GATEWAY_FAILURES_BEFORE_SKIP + 1);
    expect(await rowOf(eskiz)).toMatchObject({ gateway: 'eskiz', status: 'sent' });
    const before = playmobile.handed.length;
    eskiz.script = ['5xx'];
    await chain.send(message);
    await chain.send(message);
    expect(eskiz.handed).toHaveLength(SMS_GATEWAY_FAILURES_BEFORE_SKIP + 3);
    expect(playmobile.handed).toHaveLength(before + 1);
  });

  it('still tries every gateway, in order, when all are set aside', async () => {
    eskiz.otherwise = '5xx';
    playmobile.otherwise = '5xx';
    for (let sent = 0; sent < SMS_GATEWAY_FAILURES_BEFORE_SKIP; sent += 1)
      await expect(chain.send(message)).rejects.toThrow(SendFailedError);
    playmobile.otherwise = 'take';
    await chain.send(message);
    expect(eskiz.handed).toHaveLength(SMS_GATEWAY_FAILURES_BEFORE_SKIP + 1);
    expect(await rowOf(playmobile)).toMatchObject({ gateway: 'playmobile', status: 'sent' });
  });

  it('throws the last gateway’s failure when none takes the message, and marks its row failed', async () => {
    eskiz.script = ['5xx'];
    playmobile.script = ['hang'];
    const error = await chain.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SendFailedError);
    expect(error).toMatchObject({ gateway: 'playmobile', reason: 'timeout' });
    expect(await rowOf(playmobile)).toMatchObject({
      gateway: 'playmobile',
      gatewayMessageId: null,
      status: 'failed',
      sentAt: null,
      failedAt: clock.now(),
      error: 'timeout',
    });
  });

  it('never logs the phone or the text', async () => {
    eskiz.script = ['5xx'];
    await chain.send(message);
    const lines = JSON.stringify(logged);
    expect(lines).not.toContain(PHONE.slice(1));
    expect(lines).not.toContain('481516');
  });
});
