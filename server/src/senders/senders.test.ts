/**
 * The senders that leave the machine, against local stand-ins that speak the real protocols:
 * an HTTP gateway on loopback and a real SMTP server (smtp-server) on loopback.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, V1 } from '../test-support/test-server.js';
import { SendFailedError } from './sender.js';
import { createGenericGateway, createSmsGatewaySender } from './sms-gateway-sender.js';
import { createSmtpSender } from './smtp-sender.js';

const SCRAPE_TOKEN = 'scrape-token-0123456789-abcdefghij';
const message = {
  channel: 'sms' as const,
  to: '+998901234567',
  code: '123456',
  text: '123456 is your Kirish code',
  subject: 'code',
};
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

interface Received {
  body: unknown;
  authorization: string | undefined;
  path: string | undefined;
}

async function gateway(status: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body: JSON.parse(body), authorization: request.headers.authorization, path: request.url });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('the SMS gateway sender', () => {
  it('posts channel, recipient and text as JSON, with the URL credentials as Basic auth', async () => {
    const stand = await gateway(202);
    await createSmsGatewaySender(`${stand.url.replace('http://', 'http://kirish:s%40cret@')}/v1/send`).send(message);
    expect(stand.received).toEqual([
      {
        body: { channel: 'sms', to: '+998901234567', text: '123456 is your Kirish code' },
        authorization: `Basic ${Buffer.from('kirish:s@cret').toString('base64')}`,
        path: '/v1/send',
      },
    ]);
  });

  it('fails with SendFailedError when the gateway answers an error', async () => {
    const stand = await gateway(503);
    await expect(createSmsGatewaySender(stand.url).send(message)).rejects.toBeInstanceOf(SendFailedError);
  });

  it('makes the API answer 502 server_error, kills the code, logs one line without contact or code, and counts it', async () => {
    const stand = await gateway(500);
    const server = await createTestServer({
      sender: createSmsGatewaySender(stand.url),
      env: { METRICS_TOKEN: SCRAPE_TOKEN },
    });
    closers.push(server.close);
    const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: '+998901234567',
    });
    expect(sent.status).toBe(502);
    expect(sent.json).toEqual({ errors: [{ error: 'server_error' }] });
    const codes = await server.db.selectFrom('otp_codes').select('close_reason').execute();
    expect(codes).toEqual([{ close_reason: 'replaced' }]);
    expect(server.loggedErrors).toEqual([
      {
        message: 'code not sent: the sender failed',
        error: undefined,
        fields: { channel: 'sms', gateway: 'sms_gateway', reason: 'status 500' },
      },
    ]);
    const sentCode =
      /\d{6}/.exec((stand.received[0]?.body as { text?: string } | undefined)?.text ?? '')?.[0] ?? 'no code sent';
    expect(JSON.stringify(server.loggedErrors)).not.toMatch(new RegExp(`998901234567|${sentCode}`));
    const metrics = await server.call('GET', '/metrics', { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } });
    expect(metrics.text).toContain('kirish_sender_failures_total{channel="sms"} 1');
    expect(metrics.text).not.toContain('kirish_codes_sent_total{channel="sms"}');
  });

  it('says a gateway that does not answer is unreachable, with the system’s code', async () => {
    const stand = await gateway(200);
    await closers.pop()?.();
    const failed = await createSmsGatewaySender(stand.url)
      .send(message)
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ gateway: 'sms_gateway', reason: 'unreachable ECONNREFUSED' });
  });
});

describe('the generic gateway in the chain', () => {
  const outgoing = {
    channel: 'call' as const,
    to: '+998901234567',
    text: '123456 is your Kirish code',
    messageId: '0193f1c2-0a7b-7c3e-8f1a-2b3c4d5e6f70',
    callbackUrl: 'https://kirish.example/reports/x',
  };

  it('posts channel, recipient, text and Kirish’s message id, and has no id or reports of its own', async () => {
    const stand = await gateway(200);
    const generic = createGenericGateway(`${stand.url.replace('http://', 'http://kirish:pw@')}/send`, {
      timeoutMs: 2_000,
    });
    expect(generic.name).toBe('generic');
    expect(await generic.send(outgoing)).toEqual({ gatewayMessageId: null });
    expect(stand.received).toEqual([
      {
        body: {
          channel: 'call',
          to: '+998901234567',
          text: '123456 is your Kirish code',
          message_id: '0193f1c2-0a7b-7c3e-8f1a-2b3c4d5e6f70',
        },
        authorization: `Basic ${Buffer.from('kirish:pw').toString('base64')}`,
        path: '/send',
      },
    ]);
    expect(generic.parseReports({ contentType: 'application/json', body: '{"status":"DELIVRD"}' })).toBeNull();
  });

  it('fails with the status as reason under the sms_gateway label', async () => {
    const stand = await gateway(503);
    const failed = await createGenericGateway(stand.url, { timeoutMs: 2_000 })
      .send(outgoing)
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'SendFailedError', gateway: 'sms_gateway', reason: 'status 503' });
  });
});

describe('the SMTP sender', () => {
  it('delivers the code e-mail to a real SMTP server', async () => {
    const mails: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;

    await createSmtpSender(`smtp://127.0.0.1:${port}`, 'Kirish <no-reply@kirish.uz>').send({
      ...message,
      channel: 'email',
      to: 'aziza@example.uz',
      subject: '123456 is your Kirish code',
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.from).toBe('no-reply@kirish.uz');
    expect(mails[0]?.to).toEqual(['aziza@example.uz']);
    expect(mails[0]?.data).toContain('Subject: 123456 is your Kirish code');
    expect(mails[0]?.data).toContain('123456 is your Kirish code');
  });

  it('logs a refused recipient with the reply code only, never the reply that quotes the address, and counts it', async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`No such mailbox <${address.address}>`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;
    const server = await createTestServer({
      sender: createSmtpSender(`smtp://127.0.0.1:${port}`, 'no-reply@kirish.uz'),
      env: { METRICS_TOKEN: SCRAPE_TOKEN },
    });
    closers.push(server.close);
    const sent = await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'confirm_email_or_phone',
      email: 'aziza@example.uz',
    });
    expect([sent.status, sent.json]).toEqual([502, { errors: [{ error: 'server_error' }] }]);
    expect(server.loggedErrors).toEqual([
      {
        message: 'code not sent: the sender failed',
        error: undefined,
        fields: { channel: 'email', gateway: 'smtp', reason: 'EENVELOPE 550' },
      },
    ]);
    const metrics = await server.call('GET', '/metrics', { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } });
    expect(metrics.text).toContain('kirish_sender_failures_total{channel="email"} 1');
  });

  it('fails with SendFailedError when no SMTP server answers', async () => {
    const probe = await gateway(200); // a port that speaks HTTP, not SMTP, then closes
    await closers.pop()?.();
    await expect(
      createSmtpSender(probe.url.replace('http', 'smtp'), 'a@b.uz').send({
        ...message,
        channel: 'email',
        to: 'a@b.uz',
      }),
    ).rejects.toBeInstanceOf(SendFailedError);
  });
});
