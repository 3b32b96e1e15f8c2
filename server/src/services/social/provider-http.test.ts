import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.js';
import { createManualClock } from '../../lib/clock.js';
import type { LogFields } from '../../lib/json-log.js';
import { createProviderHttp, providerEmail, providerPhone } from './provider-http.js';

/** A provider that misbehaves in every way a real one might, over a real socket. */
let server: Server;
let base: string;
let followed = false;
const received: { method?: string; type?: string; body: string; accept?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method,
        type: request.headers['content-type'],
        body,
        accept: request.headers.accept,
      });
      const path = (request.url ?? '').split('?')[0];
      if (path === '/ok') return json(200, { echo: request.url });
      if (path === '/refused') return json(400, { error: 'invalid_grant' });
      if (path === '/unauthorized') {
        response.writeHead(401);
        return response.end();
      }
      if (path === '/redirect') {
        response.writeHead(302, { location: '/followed' });
        return response.end();
      }
      if (path === '/followed') {
        followed = true;
        return json(200, { followed: true });
      }
      if (path === '/broken') return json(503, { error: 'unavailable' });
      if (path === '/html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<h1>Login</h1>');
      }
      if (path === '/array') return json(200, [1, 2]);
      if (path === '/slow') return setTimeout(() => json(200, {}), 2000);
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * `timeoutMs`: long enough that a loaded machine answers the loopback listener in time (300 ms was not, at a
 * load average of 8); the timeout's own test passes a short one.
 */
function setup(timeoutMs = 5_000) {
  const lines: { message: string; fields: LogFields }[] = [];
  const http = createProviderHttp('vk', {
    clock: createManualClock(),
    timeoutMs,
    log: (message, fields) => lines.push({ message, fields }),
  });
  return { http, lines };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return '(answered)';
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.message}` : `(threw ${String(error)})`;
  }
}

describe('a call to a provider', () => {
  it('answers a JSON object with its status, 2xx and 4xx alike, the query and form as given', async () => {
    const { http } = setup();
    const ok = await http.call('token', `${base}/ok`, { query: { code: 'a b&c' } });
    expect(ok).toEqual({ status: 200, body: { echo: '/ok?code=a+b%26c' } });
    expect((await http.call('token', `${base}/refused`, { form: { code: 'x y', client_secret: 's' } })).status).toBe(
      400,
    );
    expect(await http.call('info', `${base}/unauthorized`)).toEqual({ status: 401, body: {} });
    expect(received.at(-2)).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'code=x+y&client_secret=s',
      accept: 'application/json',
    });
  });

  it('fails the sign-in, never following a redirect, when the provider redirects, breaks or answers nonsense', async () => {
    for (const path of ['/redirect', '/broken', '/html', '/array']) {
      const { http, lines } = setup();
      expect(await failure(http.call('token', `${base}${path}?client_secret=hush&code=abc`))).toBe(
        '400 social_login_failed',
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]?.fields).toMatchObject({ provider: 'vk', endpoint: 'token' });
      // The line names the endpoint and the reason: never the URL with its secret or code.
      expect(JSON.stringify(lines)).not.toMatch(/hush|abc|127\.0\.0\.1/);
    }
    expect(followed).toBe(false);
  });

  it('fails the sign-in when the provider cannot be reached or does not answer in time', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // Shorter than /slow's 2 s answer.
    const { http, lines } = setup(300);
    expect(await failure(http.call('token', `http://127.0.0.1:${port}/token`))).toBe('400 social_login_failed');
    expect(await failure(http.call('profile', `${base}/slow`))).toBe('400 social_login_failed');
    expect(lines.map((line) => line.fields.reason)).toEqual(['unreachable ECONNREFUSED', 'timeout']);
  });
});

describe("the provider's contacts in Kirish's shape", () => {
  it('lower-cases e-mails and keeps only e-mail addresses', () => {
    expect(providerEmail(' Dilnoza@Example.COM ')).toBe('dilnoza@example.com');
    expect(providerEmail('not an address')).toBeNull();
    expect(providerEmail(null)).toBeNull();
  });

  it('writes Uzbek phones as 998 and nine digits, and drops what is not one', () => {
    expect(providerPhone('+998 90 123-45-67')).toBe('998901234567');
    expect(providerPhone('998901234567')).toBe('998901234567');
    expect(providerPhone('901234567')).toBe('998901234567');
    expect(providerPhone('+7 916 123-45-67')).toBeNull();
    expect(providerPhone(null)).toBeNull();
  });
});
