/**
 * Issue 10 §2: the limits hold when requests come all at once, against the built server over real
 * sockets. Each burst is a Promise.all of fetches from one client address (127.0.0.1), on a fresh
 * server and database, and lands exactly on the numbers of docs/decisions.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, statusCounts, V1, type Answer } from './support/api.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const LOGIN = `${V1}/login/LoginUser/`;
const SEND_SMS = `${V1}/auth/SendAuthSmsVerification/`;
const SEND_EMAIL = `${V1}/auth/SendAuthEmailVerification/`;
const PASSWORD = 'Buxoro-Registon-2026';

let dir: string | undefined;
let server: ServerProcess | undefined;

/** The built server on a fresh database: every test starts from zero counts. */
async function freshServer() {
  dir = mkdtempSync(join(tmpdir(), 'kirish-limits-'));
  // The throttle's answers are counted here, not the hashes' deadline (test/hash-deadline.test.ts):
  // on a busy machine twenty queued hashes can outlast its 2 s.
  server = await startServer({
    DATABASE_URL: `sqlite:${join(dir, 'kirish.db')}`,
    PASSWORD_HASH_MAX_WAIT_SECONDS: '60',
  });
  return { api: apiClient(server.origin) };
}

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const errorKeys = (answers: Answer[]) => new Set(answers.map((a) => a.json?.errors?.[0]?.error as string));
const phone = (i: number) => `+99893${String(1_000_000 + i).padStart(7, '0')}`;

/** The burst of `count` wrong passwords for one account, and what the right password gets right after. */
async function guessBurst(count: number) {
  const { api } = await freshServer();
  await api.registerByPhone(phone(0), PASSWORD);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => api.post(LOGIN, { phone: phone(0), password: `wrong-guess-${i}` })),
  );
  const owner = await api.post(LOGIN, { phone: phone(0), password: PASSWORD });
  return { answers, owner, seconds: Math.ceil((Date.now() - started) / 1000) };
}

describe("guessing one account's password in parallel", () => {
  for (const count of [40, 150]) {
    it(`checks exactly 3 of ${count} parallel wrong passwords, and locks the account for 30 s, the right password too`, async () => {
      const { answers, owner, seconds } = await guessBurst(count);
      expect(statusCounts(answers)).toEqual({ 400: 3, 429: count - 3 });
      expect(errorKeys(answers.filter((a) => a.status === 400))).toEqual(new Set(['invalid_credentials']));
      expect(errorKeys(answers.filter((a) => a.status === 429))).toEqual(new Set(['too_many_attempts_login']));
      // The lock began inside the burst: a refusal says what is left of its 30 s, less the burst's own time
      // at most (8 s for 150 on a loaded 2-core machine).
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(30 - seconds);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
      }
      expect(owner.status).toBe(429);
      expect(owner.json).toEqual({ errors: [{ error: 'too_many_attempts_login' }] });
      expect(Number(owner.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    }, 60_000);
  }
});

describe('spraying many accounts from one address in parallel', () => {
  it('checks exactly 20 of 30 parallel sign-ins to 30 accounts, then locks the address for 60 s', async () => {
    const { api } = await freshServer();
    await api.registerByPhone(phone(0), PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.post(LOGIN, { phone: phone(100 + i), password: 'Toshkent-2026' })),
    );
    expect(statusCounts(answers)).toEqual({ 400: 20, 429: 10 });
    const owner = await api.post(LOGIN, { phone: phone(0), password: PASSWORD });
    expect(owner.status).toBe(429);
    expect(Number(owner.headers.get('retry-after'))).toBeGreaterThanOrEqual(58);
    expect(Number(owner.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  }, 60_000);
});

describe('asking for codes in parallel', () => {
  it('sends 30 of 60 parallel e-mail codes from one address (the hourly cap), and says rate_limit_error to the rest', async () => {
    const { api } = await freshServer();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.post(SEND_EMAIL, { type: 'confirm_email_or_phone', email: `guest${i}@example.uz` }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 200: 30, 429: 30 });
    expect(errorKeys(answers.filter((a) => a.status === 429))).toEqual(new Set(['rate_limit_error']));
    expect((await api.get('/dev/outbox')).json.filter((m: { channel: string }) => m.channel === 'email')).toHaveLength(
      30,
    );
  }, 60_000);

  it('sends 30 of 200 parallel SMS codes from one address', async () => {
    const { api } = await freshServer();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => api.post(SEND_SMS, { type: 'login_sms_verification', phone: phone(i) })),
    );
    expect(statusCounts(answers)).toEqual({ 200: 30, 429: 170 });
    expect((await api.get('/dev/outbox')).json).toHaveLength(30);
  }, 60_000);

  it('sends one of 20 parallel codes to one number (the 2-minute cooldown), and says timeout to the rest', async () => {
    const { api } = await freshServer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(SEND_SMS, { type: 'login_sms_verification', phone: phone(7) })),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 429: 19 });
    expect(errorKeys(answers.filter((a) => a.status === 429))).toEqual(new Set(['timeout']));
    expect((await api.get(`/dev/outbox?to=${encodeURIComponent(phone(7))}`)).json).toHaveLength(1);
  }, 60_000);
});
