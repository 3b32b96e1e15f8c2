/**
 * Issue 39: a sign-in by QR across two Kirish processes (server/dist/main.js) on one PostgreSQL
 * database behind one public name, as in two-processes.test.ts. The browser makes its request on A and
 * waits on A's event stream; the phone reads and approves it through B; A's stream delivers, woken by
 * the database's signal (LISTEN/NOTIFY) or its own look at the row, never by anything of B's memory.
 */
import { request } from 'node:http';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { latestCode } from './support/outbox.js';
import { freePort, startServer, type ServerProcess } from './support/server-process.js';

const V1 = '/sso/api/v1';
const QR = `${V1}/qr/login-requests/`;

let a: ServerProcess;
let b: ServerProcess;
let publicOrigin: string;
let phoneToken = '';
let userId = '';
const databaseName = `kirish_two_qr_${process.pid}`;
const adminUrl = inject('postgresUrl');

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function query(sql: string, database: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  // oxlint-disable-next-line typescript/no-explicit-any
  json: any;
}

/** One JSON request to `to` with the public Host header, as the proxy would forward it. */
function call(to: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = { host: new URL(publicOrigin).host, accept: 'application/json' };
    if (payload)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    if (token) headers.authorization = `Bearer ${token}`;
    const sent = request({ host: '127.0.0.1', port: new URL(to.origin).port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
      });
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** The next server-sent event of `reader` (comments skipped), or null at the stream's end. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  state: { buffered: string },
): Promise<{ event: string; data: Record<string, unknown> } | null> {
  const decoder = new TextDecoder();
  for (;;) {
    const end = state.buffered.indexOf('\n\n');
    if (end >= 0) {
      const lines = state.buffered
        .slice(0, end)
        .split('\n')
        .filter((line) => !line.startsWith(':'));
      state.buffered = state.buffered.slice(end + 2);
      if (lines.length === 0) continue;
      const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      return { event: field('event'), data: JSON.parse(field('data')) as Record<string, unknown> };
    }
    const { done, value } = await reader.read();
    if (done) return null;
    state.buffered += decoder.decode(value, { stream: true });
  }
}

beforeAll(async () => {
  await query(`CREATE DATABASE ${databaseName}`, new URL(adminUrl).pathname.slice(1));
  const port = await freePort();
  // A answers at the public name itself, so the browser's stream (fetch sets its own Host) reaches A.
  publicOrigin = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: databaseUrl(databaseName), KIRISH_DEMO_ACCOUNT: '0', PUBLIC_URL: publicOrigin };
  a = await startServer({ ...env, PORT: String(port) });
  b = await startServer(env);

  // The phone's account, registered through B by an e-mail code.
  const email = 'qr.two@example.com';
  const section = { type: 'confirm_email_or_phone', email };
  const sent = await call(b, 'POST', `${V1}/auth/SendAuthEmailVerification/`, { ...section, method: 'email' });
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.json)}`);
  const checked = await call(b, 'POST', `${V1}/auth/CheckAuthEmailVerification/`, {
    ...section,
    code: await latestCode(a.origin, email),
  });
  const account = await call(b, 'POST', '/sso/api/v2/register/RegisterUser/', {
    request_id: checked.json.request_id,
    password: 'Registon-Samarqand-2026',
    first_name: 'Shahlo',
    last_name: 'Ergasheva',
    kind: 2,
  });
  if (account.status !== 201) throw new Error(`register failed: ${account.status} ${JSON.stringify(account.json)}`);
  phoneToken = account.json.access;
  userId = account.json.user_uuid;
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await query(`DROP DATABASE IF EXISTS ${databaseName}`, new URL(adminUrl).pathname.slice(1));
});

describe('sign-in by QR across two processes on one PostgreSQL (issue 39)', () => {
  it('delivers on A’s event stream the request A made and B approved', async () => {
    const made = await call(a, 'POST', QR);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const { id, secret, number } = made.json as { id: string; secret: string; number: string };

    const stream = await fetch(`${a.origin}${QR}${id}/events`, {
      headers: { accept: 'text/event-stream', 'X-Qr-Secret': secret },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const state = { buffered: '' };
    expect(await nextEvent(reader, state)).toEqual({ event: 'pending', data: { state: 'pending' } });

    const view = await call(b, 'GET', `${QR}${id}/`, undefined, phoneToken);
    expect(view.status, JSON.stringify(view.json)).toBe(200);
    expect(view.json.numbers).toContain(number);
    expect(await nextEvent(reader, state)).toEqual({ event: 'scanned', data: { state: 'scanned' } });

    expect((await call(b, 'POST', `${QR}${id}/approve/`, { number, save: true }, phoneToken)).status).toBe(204);
    const approved = await nextEvent(reader, state);
    expect(approved).toMatchObject({ event: 'approved', data: { state: 'approved', tokens: { user_uuid: userId } } });
    expect(await nextEvent(reader, state)).toBeNull();

    // The browser's new sign-in works on either process, and its tokens are gone from the request.
    const tokens = approved?.data.tokens as { access: string };
    const me = await call(b, 'GET', `${V1}/user/MyProfile`, undefined, tokens.access);
    expect([me.status, me.json.id]).toEqual([200, userId]);
    const again = await call(b, 'GET', `${QR}${id}/events?wait=long`);
    expect(again.status).toBe(404);
  });

  it('answers A’s long poll with the approval made through B', async () => {
    const made = await call(a, 'POST', QR);
    const { id, secret, number } = made.json as { id: string; secret: string; number: string };
    const poll = fetch(`${a.origin}${QR}${id}/events?wait=long`, { headers: { 'X-Qr-Secret': secret } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call(b, 'POST', `${QR}${id}/approve/`, { number }, phoneToken)).status).toBe(204);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ state: 'approved', tokens: { user_uuid: userId } });
  });
});
