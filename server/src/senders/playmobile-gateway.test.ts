/**
 * Kirish's Play Mobile client against the Play Mobile stand-in, over HTTP (docs/sms-gateways.md, Play
 * Mobile): Basic authentication, the message list, the documented errors, and the reports read back.
 */
import { describe, expect, it } from 'vitest';
import { closedOrigin, recordingFetch, SMS_STANDIN_ACCOUNTS, useSmsStandin } from '../test-support/sms-standin.js';
import { createPlaymobileGateway, parsePlaymobileReports } from './playmobile-gateway.js';
import type { SmsOutgoing } from './sms-gateway.js';

const standin = useSmsStandin();
const account = SMS_STANDIN_ACCOUNTS.playmobile;
const MESSAGE_ID = '0193f1c2-0a7b-7c3e-8f1a-2b3c4d5e6f70';
const PLAYMOBILE_ID = '0193f1c20a7b7c3e8f1a2b3c4d5e6f70';
const TEXT = 'Kirish: 654321 — tasdiqlash kodingiz';

function outgoing(overrides: Partial<SmsOutgoing> = {}): SmsOutgoing {
  return { channel: 'sms', to: '+998901234567', text: TEXT, messageId: MESSAGE_ID, callbackUrl: null, ...overrides };
}

function playmobile(options: { password?: string; originator?: string; timeoutMs?: number; baseUrl?: string } = {}) {
  const recorder = recordingFetch();
  const gateway = createPlaymobileGateway(
    {
      baseUrl: options.baseUrl ?? `${standin.origin()}/playmobile`,
      login: account.login,
      password: options.password ?? account.password,
      originator: options.originator ?? account.originator,
    },
    { fetch: recorder.fetch, timeoutMs: options.timeoutMs ?? 2_000 },
  );
  return { gateway, calls: recorder.calls };
}

const failureOf = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('the Play Mobile client', () => {
  it('sends the text to the phone with Kirish’s id as message-id, and answers that id', async () => {
    const { gateway, calls } = playmobile();
    expect(await gateway.send(outgoing())).toEqual({ gatewayMessageId: PLAYMOBILE_ID });
    expect(calls).toEqual(['POST /playmobile/broker-api/send 200']);
    expect(standin.delivered).toEqual([{ gateway: 'playmobile', to: '+998901234567', text: TEXT }]);
  });

  it('fails with reason "status 401" when Play Mobile refuses the Basic credentials', async () => {
    const failed = await failureOf(playmobile({ password: 'wrong' }).gateway.send(outgoing()));
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'playmobile', reason: 'status 401' });
    expect(standin.delivered).toEqual([]);
  });

  it('fails with the documented error code when Play Mobile refuses the message', async () => {
    const failed = await failureOf(playmobile({ originator: '' }).gateway.send(outgoing()));
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'playmobile', reason: 'error-code 401' });
  });

  it('refuses a voice-call code before anything leaves', async () => {
    const { gateway, calls } = playmobile();
    const failed = await failureOf(gateway.send(outgoing({ channel: 'call' })));
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'playmobile', reason: 'no voice calls' });
    expect(calls).toEqual([]);
  });

  it('fails with reason "status 500" when Play Mobile answers 500', async () => {
    standin.running().setMode('playmobile', 'fail');
    const failed = await failureOf(playmobile().gateway.send(outgoing()));
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'playmobile', reason: 'status 500' });
  });

  it('fails with reason "timeout" when Play Mobile does not answer in time', async () => {
    standin.running().setMode('playmobile', 'slow');
    const failed = await failureOf(playmobile({ timeoutMs: 200 }).gateway.send(outgoing()));
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'playmobile', reason: 'timeout' });
  });

  it('says a Play Mobile that does not answer is unreachable, with the system’s code', async () => {
    const failed = await failureOf(playmobile({ baseUrl: await closedOrigin() }).gateway.send(outgoing()));
    expect(failed).toMatchObject({ gateway: 'playmobile', reason: 'unreachable ECONNREFUSED' });
  });

  it('gets the delivery report at the registered address, in the documented shape, and reads it as delivered', async () => {
    const { gateway } = playmobile();
    await gateway.send(outgoing());
    const [report] = await standin.reportsArrived(1);
    expect(report?.path).toBe('/reports/playmobile');
    expect(report?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(report?.body ?? '')).toEqual({
      messages: [
        { 'message-id': PLAYMOBILE_ID, channel: 'SMS', status: 'Delivered', 'status-date': expect.any(String) },
      ],
    });
    expect(gateway.parseReports({ contentType: report!.contentType, body: report!.body })).toEqual([
      { gatewayMessageId: PLAYMOBILE_ID, messageId: MESSAGE_ID, status: 'delivered', at: expect.any(Number) },
    ]);
  });

  it('in the stand-in’s undelivered mode, delivers nothing and reports NotDelivered, read as failed', async () => {
    standin.running().setMode('playmobile', 'undelivered');
    const { gateway } = playmobile();
    await gateway.send(outgoing());
    const [report] = await standin.reportsArrived(1);
    expect(standin.delivered).toEqual([]);
    expect(gateway.parseReports({ contentType: report!.contentType, body: report!.body })).toEqual([
      { gatewayMessageId: PLAYMOBILE_ID, messageId: MESSAGE_ID, status: 'failed', at: expect.any(Number) },
    ]);
  });
});

const json = (value: unknown) => ({ contentType: 'application/json', body: JSON.stringify(value) });

describe("Play Mobile's delivery reports", () => {
  const entry = (status: string, id = PLAYMOBILE_ID) => ({
    'message-id': id,
    status,
    'status-date': '2026-11-22 14:00:05',
  });

  it.each([
    ['Delivered', 'delivered'],
    ['DELIVERED', 'delivered'],
    ['NotDelivered', 'failed'],
    ['Expired', 'failed'],
    ['Rejected', 'failed'],
    ['Failed', 'failed'],
    ['Transmitted', 'pending'],
    ['Accepted', 'pending'],
  ])('reads %s as %s', (status, expected) => {
    expect(parsePlaymobileReports(json({ messages: [entry(status)] }))).toEqual([
      { gatewayMessageId: PLAYMOBILE_ID, messageId: MESSAGE_ID, status: expected, at: Date.UTC(2026, 10, 22, 9, 0, 5) },
    ]);
  });

  it('reads every message of a batch; a message-id not made from a UUID stays as it is', () => {
    expect(parsePlaymobileReports(json({ messages: [entry('Delivered'), entry('Expired', 'abc123')] }))).toEqual([
      { gatewayMessageId: PLAYMOBILE_ID, messageId: MESSAGE_ID, status: 'delivered', at: expect.any(Number) },
      { gatewayMessageId: 'abc123', messageId: 'abc123', status: 'failed', at: expect.any(Number) },
    ]);
  });

  it.each([
    ['text that is not JSON', { contentType: 'application/json', body: 'Delivered' }],
    ['a form-encoded body', { contentType: 'application/x-www-form-urlencoded', body: 'status=Delivered' }],
    ['no messages list', json({ 'message-id': PLAYMOBILE_ID, status: 'Delivered' })],
    ['an empty list', json({ messages: [] })],
    ['an entry that is not an object', json({ messages: [entry('Delivered'), 'Delivered'] })],
    ['an entry without a status', json({ messages: [entry('Delivered'), { 'message-id': PLAYMOBILE_ID }] })],
    ['an entry without a message-id', json({ messages: [{ status: 'Delivered' }] })],
    ['a message-id Play Mobile would not take', json({ messages: [entry('Delivered', 'a-b')] })],
  ])('answers null for %s', (_what, body) => {
    expect(parsePlaymobileReports(body)).toBeNull();
  });
});
