/**
 * Kirish's Eskiz client against the Eskiz stand-in, over HTTP (docs/sms-gateways.md, Eskiz): the token
 * kept and renewed once, the send's fields, its failures, and the delivery reports read back.
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../lib/clock.js';
import {
  closedOrigin,
  recordingFetch,
  SMS_STANDIN_ACCOUNTS,
  STANDIN_TOKEN_TTL_MS,
  useSmsStandin,
} from '../test-support/sms-standin.js';
import { createEskizGateway, parseEskizReport } from './eskiz-gateway.js';
import type { Clock } from '../lib/clock.js';
import type { SmsOutgoing } from './sms-gateway.js';

const standin = useSmsStandin();
const account = SMS_STANDIN_ACCOUNTS.eskiz;
const MESSAGE_ID = '0193f1c2-0a7b-7c3e-8f1a-2b3c4d5e6f70';
const TEXT = 'Kirish: 123456 — tasdiqlash kodingiz';

function outgoing(overrides: Partial<SmsOutgoing> = {}): SmsOutgoing {
  return { channel: 'sms', to: '+998901234567', text: TEXT, messageId: MESSAGE_ID, callbackUrl: null, ...overrides };
}

function eskiz(options: { password?: string; clock?: Clock; timeoutMs?: number; baseUrl?: string } = {}) {
  const recorder = recordingFetch();
  const gateway = createEskizGateway(
    {
      baseUrl: options.baseUrl ?? `${standin.origin()}/eskiz`,
      email: account.email,
      password: options.password ?? account.password,
      from: account.from,
    },
    { fetch: recorder.fetch, clock: options.clock ?? standin.clock, timeoutMs: options.timeoutMs ?? 2_000 },
  );
  return { gateway, calls: recorder.calls };
}

describe('the Eskiz client', () => {
  it('logs in once, sends the text to the phone as Eskiz takes it, and keeps the token for the next send', async () => {
    const { gateway, calls } = eskiz();
    const first = await gateway.send(outgoing());
    expect(first.gatewayMessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(standin.delivered).toEqual([{ gateway: 'eskiz', to: '+998901234567', text: TEXT }]);
    await gateway.send(outgoing({ to: '+998935556677' }));
    expect(calls).toEqual([
      'POST /eskiz/api/auth/login 200',
      'POST /eskiz/api/message/sms/send 200',
      'POST /eskiz/api/message/sms/send 200',
    ]);
    expect(standin.delivered.map((message) => message.to)).toEqual(['+998901234567', '+998935556677']);
  });

  it('shares one login between sends that start together', async () => {
    const { gateway, calls } = eskiz();
    await Promise.all([gateway.send(outgoing()), gateway.send(outgoing()), gateway.send(outgoing())]);
    expect(calls.filter((call) => call.includes('/auth/'))).toEqual(['POST /eskiz/api/auth/login 200']);
    expect(standin.delivered).toHaveLength(3);
  });

  it('renews a token Eskiz says is expired once (refresh) and sends again, without a second login', async () => {
    // Kirish's clock stands still, so only Eskiz's 401 can tell the client its token is gone.
    const { gateway, calls } = eskiz({ clock: createManualClock(standin.clock.now()) });
    await gateway.send(outgoing());
    standin.clock.advanceSeconds(STANDIN_TOKEN_TTL_MS / 1000);
    const second = await gateway.send(outgoing());
    expect(second.gatewayMessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls).toEqual([
      'POST /eskiz/api/auth/login 200',
      'POST /eskiz/api/message/sms/send 200',
      'POST /eskiz/api/message/sms/send 401',
      'PATCH /eskiz/api/auth/refresh 200',
      'POST /eskiz/api/message/sms/send 200',
    ]);
    expect(standin.delivered).toHaveLength(2);
  });

  it('renews the token before its exp by its own clock, so the send is not refused first', async () => {
    const { gateway, calls } = eskiz();
    await gateway.send(outgoing());
    standin.clock.advanceSeconds(STANDIN_TOKEN_TTL_MS / 1000 - 30);
    await gateway.send(outgoing());
    expect(calls).toEqual([
      'POST /eskiz/api/auth/login 200',
      'POST /eskiz/api/message/sms/send 200',
      'PATCH /eskiz/api/auth/refresh 200',
      'POST /eskiz/api/message/sms/send 200',
    ]);
  });

  it('fails with reason "login refused" when Eskiz refuses the credentials, never saying the password', async () => {
    const { gateway } = eskiz({ password: 'not-the-password' });
    const failed = await gateway.send(outgoing()).catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'eskiz', reason: 'login refused' });
    expect(JSON.stringify({ ...(failed as object), message: (failed as Error).message })).not.toContain(
      'not-the-password',
    );
    expect(standin.delivered).toEqual([]);
  });

  it('refuses a voice-call code before anything leaves, so the chain sends it through the gateway for calls', async () => {
    const { gateway, calls } = eskiz();
    const failed = await gateway.send(outgoing({ channel: 'call' })).catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'eskiz', reason: 'no voice calls' });
    expect(calls).toEqual([]);
  });

  it('fails with reason "status 500" when Eskiz answers 500', async () => {
    standin.running().setMode('eskiz', 'fail');
    const failed = await eskiz()
      .gateway.send(outgoing())
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'eskiz', reason: 'status 500' });
    expect(standin.delivered).toEqual([]);
  });

  it('fails with reason "timeout" when Eskiz does not answer in time', async () => {
    standin.running().setMode('eskiz', 'slow');
    const failed = await eskiz({ timeoutMs: 200 })
      .gateway.send(outgoing())
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'eskiz', reason: 'timeout' });
  });

  it('says an Eskiz that does not answer is unreachable, with the system’s code', async () => {
    const failed = await eskiz({ baseUrl: await closedOrigin() })
      .gateway.send(outgoing())
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'eskiz', reason: 'unreachable ECONNREFUSED' });
  });

  it('gets the delivery report at its callback_url, in the documented shape, and reads it as delivered', async () => {
    const { gateway } = eskiz();
    const sent = await gateway.send(outgoing({ callbackUrl: standin.reportUrl('/reports/eskiz?secret=s3') }));
    const [report] = await standin.reportsArrived(1);
    expect(report?.path).toBe('/reports/eskiz?secret=s3');
    expect(report?.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(report?.body ?? '') as Record<string, unknown>;
    expect(body).toMatchObject({
      request_id: sent.gatewayMessageId,
      user_sms_id: MESSAGE_ID,
      phone_number: '998901234567',
      status: 'DELIVRD',
    });
    expect(body.status_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(gateway.parseReports({ contentType: report!.contentType, body: report!.body })).toEqual([
      { gatewayMessageId: sent.gatewayMessageId, messageId: MESSAGE_ID, status: 'delivered', at: expect.any(Number) },
    ]);
  });

  it('in the stand-in’s undelivered mode, delivers nothing and reports UNDELIV, read as failed', async () => {
    standin.running().setMode('eskiz', 'undelivered');
    const { gateway } = eskiz();
    await gateway.send(outgoing({ callbackUrl: standin.reportUrl('/reports/eskiz') }));
    const [report] = await standin.reportsArrived(1);
    expect(standin.delivered).toEqual([]);
    expect(JSON.parse(report?.body ?? '')).toMatchObject({ status: 'UNDELIV', user_sms_id: MESSAGE_ID });
    expect(gateway.parseReports({ contentType: report!.contentType, body: report!.body })?.[0]?.status).toBe('failed');
  });
});

const json = (fields: Record<string, unknown>) => ({ contentType: 'application/json', body: JSON.stringify(fields) });

describe("Eskiz's delivery reports", () => {
  const report = {
    request_id: 'r-1',
    message_id: 5550001,
    user_sms_id: MESSAGE_ID,
    status_date: '2026-11-22 14:00:05',
  };

  it.each([
    ['DELIVRD', 'delivered'],
    ['DELIVERED', 'delivered'],
    ['UNDELIV', 'failed'],
    ['EXPIRED', 'failed'],
    ['REJECTD', 'failed'],
    ['DELETED', 'failed'],
    ['ACCEPTD', 'pending'],
    ['TRANSMTD', 'pending'],
    ['WAITING', 'pending'],
  ])('reads %s as %s', (status, expected) => {
    expect(parseEskizReport(json({ ...report, status }))).toEqual([
      { gatewayMessageId: 'r-1', messageId: MESSAGE_ID, status: expected, at: Date.UTC(2026, 10, 22, 9, 0, 5) },
    ]);
  });

  it('reads the same fields form-encoded, and a time it cannot read as no time', () => {
    const body = new URLSearchParams({ request_id: 'r-2', status: 'DELIVRD', status_date: 'soon' }).toString();
    expect(parseEskizReport({ contentType: 'application/x-www-form-urlencoded', body })).toEqual([
      { gatewayMessageId: 'r-2', messageId: null, status: 'delivered', at: null },
    ]);
  });

  it('reads a JSON body whatever its content type says', () => {
    const body = JSON.stringify({ ...report, status: 'DELIVRD' });
    expect(parseEskizReport({ contentType: 'text/plain', body })?.[0]?.status).toBe('delivered');
  });

  it.each([
    ['text that is not JSON', { contentType: 'application/json', body: 'DELIVRD' }],
    [
      'a form-encoded body without a status',
      { contentType: 'application/x-www-form-urlencoded', body: 'request_id=r-1' },
    ],
    ['a JSON list', { contentType: 'application/json', body: '[{"status":"DELIVRD"}]' }],
    ['no status', json({ ...report })],
    ['no id of the message', json({ status: 'DELIVRD', status_date: '2026-11-22 14:00:05' })],
  ])('answers null for %s', (_what, body) => {
    expect(parseEskizReport(body)).toBeNull();
  });
});
