/**
 * The SMS gateways' stand-in on its own, over HTTP (docs/sms-gateways.md, The stand-in): the failure
 * switch by JSON, by its page and in code; Eskiz's and Play Mobile's refusals in their documented shapes;
 * a message in the outbox before the answer; and a stop that ends it.
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.js';
import { SMS_STANDIN_ACCOUNTS, type SmsStandinDelivery } from './options.js';
import { startSmsStandin } from './sms-standin.js';

async function started() {
  const delivered: SmsStandinDelivery[] = [];
  const clock = createManualClock();
  const running = await startSmsStandin(0, {
    accounts: SMS_STANDIN_ACCOUNTS,
    clock,
    // The answer must wait for the outbox: this write finishes a moment after it was asked for.
    deliver: (message) => new Promise((resolve) => setTimeout(() => resolve(void delivered.push(message)), 50)),
    playmobileReportUrl: null,
    eskizTokenTtlMs: 60_000,
  });
  return { running, delivered, clock };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function eskizToken(origin: string): Promise<string> {
  const login = await fetch(`${origin}/eskiz/api/auth/login`, {
    method: 'POST',
    body: form({ email: 'kirish@standin.test', password: 'standin-eskiz' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

function eskizSend(origin: string, token: string, fields: Record<string, string> = {}) {
  return fetch(`${origin}/eskiz/api/message/sms/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form({ mobile_phone: '998901234567', message: 'Kirish: 123456', from: '4546', ...fields }),
  });
}

describe('the SMS stand-in', () => {
  it('answers Eskiz’s login with a JWT that expires on its clock, and writes the message to the outbox before answering', async () => {
    const { running, delivered, clock } = await started();
    const login = await fetch(`${running.origin}/eskiz/api/auth/login`, {
      method: 'POST',
      body: form({ email: 'kirish@standin.test', password: 'standin-eskiz' }),
    });
    const body = (await login.json()) as { message: string; data: { token: string }; token_type: string };
    expect([login.status, body.message, body.token_type]).toEqual([200, 'token_generated', 'bearer']);
    const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    expect(claims.exp).toBe(Math.floor((clock.now() + 60_000) / 1000));
    const sent = await eskizSend(running.origin, body.data.token);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ id: expect.any(String), status: 'waiting' });
    expect(delivered).toEqual([{ gateway: 'eskiz', to: '+998901234567', text: 'Kirish: 123456' }]);
    clock.advanceSeconds(60);
    expect((await eskizSend(running.origin, body.data.token)).status).toBe(401);
    await running.stop();
  });

  it('refuses a wrong Eskiz login with 401, and a malformed send with 422 and the field', async () => {
    const { running } = await started();
    const login = await fetch(`${running.origin}/eskiz/api/auth/login`, {
      method: 'POST',
      body: form({ email: 'kirish@standin.test', password: 'nope' }),
    });
    expect([login.status, await login.json()]).toEqual([401, { message: 'Invalid credentials' }]);
    const token = await eskizToken(running.origin);
    const bad = await eskizSend(running.origin, token, { mobile_phone: '+998901234567' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: { mobile_phone: [expect.any(String)] } });
    const otherSender = await eskizSend(running.origin, token, { from: 'OTHER' });
    expect(otherSender.status).toBe(400);
    await running.stop();
  });

  it('renews an Eskiz token by refresh, after which the old one is refused; an unknown token is not renewed', async () => {
    const { running } = await started();
    const old = await eskizToken(running.origin);
    const refreshed = await fetch(`${running.origin}/eskiz/api/auth/refresh`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${old}` },
    });
    const fresh = ((await refreshed.json()) as { message: string; data: { token: string } }).data.token;
    expect(refreshed.status).toBe(200);
    expect((await eskizSend(running.origin, old)).status).toBe(401);
    expect((await eskizSend(running.origin, fresh)).status).toBe(200);
    const unknown = await fetch(`${running.origin}/eskiz/api/auth/refresh`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(unknown.status).toBe(401);
    await running.stop();
  });

  it('refuses Play Mobile sends without its Basic credentials, and answers its error codes', async () => {
    const { running, delivered } = await started();
    const send = (authorization: string, body: string) =>
      fetch(`${running.origin}/playmobile/broker-api/send`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body,
      });
    const basic = `Basic ${Buffer.from('kirish:standin-playmobile').toString('base64')}`;
    const message = {
      recipient: '998901234567',
      'message-id': 'abc1',
      sms: { originator: '3700', content: { text: 'Hi' } },
    };
    const wrong = await send(
      `Basic ${Buffer.from('kirish:nope').toString('base64')}`,
      JSON.stringify({ messages: [message] }),
    );
    expect([wrong.status, wrong.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="broker-api"']);
    const syntax = await send(basic, '{');
    expect([syntax.status, await syntax.json()]).toEqual([
      400,
      { 'error-code': 101, 'error-description': 'Syntax error' },
    ]);
    const noRecipient = await send(basic, JSON.stringify({ messages: [{ ...message, recipient: '' }] }));
    expect(((await noRecipient.json()) as Record<string, unknown>)['error-code']).toBe(202);
    const badId = await send(basic, JSON.stringify({ messages: [{ ...message, 'message-id': 'a-b' }] }));
    expect(((await badId.json()) as Record<string, unknown>)['error-code']).toBe(205);
    const taken = await send(basic, JSON.stringify({ messages: [message] }));
    expect([taken.status, await taken.text()]).toEqual([200, 'Request is received']);
    expect(delivered).toEqual([{ gateway: 'playmobile', to: '+998901234567', text: 'Hi' }]);
    await running.stop();
  });

  it('switches a gateway’s mode by POST /control, by its page’s form, and in code', async () => {
    const { running } = await started();
    const token = await eskizToken(running.origin);
    const control = await fetch(`${running.origin}/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'eskiz', mode: 'fail' }),
    });
    expect([control.status, await control.json()]).toEqual([200, { gateway: 'eskiz', mode: 'fail' }]);
    expect((await eskizSend(running.origin, token)).status).toBe(500);

    const page = await fetch(`${running.origin}/`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('Kirish stand-in for Eskiz and Play Mobile — not the real gateways');
    expect(html).toContain('Eskiz: now fail');
    const submitted = await fetch(`${running.origin}/control`, {
      method: 'POST',
      body: form({ gateway: 'eskiz', mode: 'ok' }),
      redirect: 'manual',
    });
    expect([submitted.status, submitted.headers.get('location')]).toEqual([303, '/']);
    expect((await eskizSend(running.origin, token)).status).toBe(200);

    const unknown = await fetch(`${running.origin}/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'eskiz', mode: 'broken' }),
    });
    expect(unknown.status).toBe(400);

    running.setMode('playmobile', 'slow');
    expect(await (await fetch(`${running.origin}/`)).text()).toContain('Play Mobile: now slow');
    await running.stop();
    await expect(fetch(`${running.origin}/`)).rejects.toThrow('fetch failed');
  });
});
