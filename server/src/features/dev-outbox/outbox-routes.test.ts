import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, PRODUCTION_ENV, V1, type TestServer } from '../../test-support/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  expect(server?.loggedErrors).toEqual([]);
  await server?.close();
  server = undefined;
});

describe('the dev outbox', () => {
  it('lists sent codes as JSON, newest first, filtered by recipient', async () => {
    server = await createTestServer();
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: '+998901234501',
    });
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: '+998901234502',
      method: 'call',
    });
    const all = await server.call('GET', '/dev/outbox');
    expect(all.status).toBe(200);
    expect(all.json.map((m: { to: string; channel: string }) => [m.to, m.channel])).toEqual([
      ['+998901234502', 'call'],
      ['+998901234501', 'sms'],
    ]);
    expect(Object.keys(all.json[0]).toSorted()).toEqual(['channel', 'code', 'created_at', 'id', 'text', 'to']);
    const one = await server.call('GET', '/dev/outbox?to=%2B998901234501');
    expect(one.json).toHaveLength(1);
    expect(one.json[0].code).toBe(await server.lastCode('+998901234501'));
  });

  it('shows a page to a browser, with what was sent escaped', async () => {
    server = await createTestServer();
    const empty = await server.call('GET', '/dev/outbox', { headers: { accept: 'text/html' } });
    expect(empty.text).toContain('Nothing has been sent yet.');
    await server.storage.outbox.add({
      id: '1',
      channel: 'email',
      recipient: '<b>x</b>@example.uz',
      code: '123456',
      text: '<script>alert(1)</script>',
      createdAt: 0,
    });
    const page = await server.call('GET', '/dev/outbox', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('123456');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>alert(1)');
  });

  it('does not exist in production', async () => {
    server = await createTestServer({
      env: PRODUCTION_ENV,
    });
    const answer = await server.call('GET', '/dev/outbox');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ errors: [{ error: 'not_found' }] });
  });
});
