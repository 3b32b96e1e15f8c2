/**
 * Issue 10 §7: with NODE_ENV unset and a public PUBLIC_URL, Kirish used to start in development
 * mode — the dev outbox showing every code and the demo account with its published password. It
 * now refuses to start unless the operator opts in, and even then creates no demo account unasked.
 * Also: a TRUST_PROXY that would believe what clients write stops the start with a message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../server/src/demo-data.js';
import { RawConnection, type RawRequest } from './support/raw-http.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const PUBLIC = 'https://id.kirish.example';

let dir: string;
let running: ServerProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-public-dev-'));
});

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The output of a start that must fail: startServer rejects with what the process printed. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  try {
    running = await startServer({ DATABASE_URL: `sqlite:${join(dir, 'refused.db')}`, ...env });
  } catch (error) {
    return String(error);
  }
  return `started at ${running.origin}`;
}

describe('starting outside production', () => {
  it('refuses a public PUBLIC_URL when NODE_ENV is unset, and says how to go on', async () => {
    const output = await refusedStart({ NODE_ENV: '', PUBLIC_URL: PUBLIC });
    expect(output).toContain('server exited with 1');
    expect(output).toContain(
      `Kirish cannot start: PUBLIC_URL must be a loopback origin (localhost, 127.0.0.1, [::1]) while NODE_ENV is development`,
    );
    expect(output).toContain('set NODE_ENV=production, or KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1');
  });

  it('refuses TRUST_PROXY=true, which would believe the leftmost X-Forwarded-For entry', async () => {
    const output = await refusedStart({ TRUST_PROXY: 'true' });
    expect(output).toContain('Kirish cannot start: TRUST_PROXY must be 0, the number of proxies in front of Kirish');
    expect(output).toContain('(got "true")');
  });

  describe('with KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1', () => {
    let port: string;
    const send = async (request: RawRequest) => {
      const connection = await RawConnection.open(`http://127.0.0.1:${port}`);
      try {
        // Behind the operator's proxy, which passes the public name on.
        return await connection.send({ ...request, headers: { host: new URL(PUBLIC).host, ...request.headers } });
      } finally {
        connection.destroy();
      }
    };

    beforeAll(async () => {
      running = await startServer({
        DATABASE_URL: `sqlite:${join(dir, 'public.db')}`,
        NODE_ENV: '',
        PUBLIC_URL: PUBLIC,
        KIRISH_ALLOW_DEV_ON_PUBLIC_URL: '1',
      });
      port = new URL(running.origin).port;
    }, 60_000);

    it('starts, warns, and neither creates nor advertises the demo account', async () => {
      const output = running?.output() ?? '';
      expect(output).toContain(`Kirish SSO:          ${PUBLIC}`);
      expect(output).toContain(`development mode on the public ${PUBLIC}`);
      expect(output).not.toContain('Demo account:');
      expect(output).not.toContain(DEMO_ACCOUNT.password);

      const login = await send({
        method: 'POST',
        target: '/sso/api/v1/login/LoginUser/',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: DEMO_ACCOUNT.phone, password: DEMO_ACCOUNT.password }),
      });
      expect(login.status).toBe(400);
      expect(JSON.parse(login.body.toString('utf8'))).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    });

    it('answers only to the public name', async () => {
      expect(
        (await send({ method: 'GET', target: '/dev/outbox', headers: { accept: 'application/json' } })).status,
      ).toBe(200);
      expect(
        (await send({ method: 'GET', target: '/dev/outbox', headers: { host: `127.0.0.1:${port}` } })).status,
      ).toBe(421);
    });
  });
});
