/**
 * Issue 13: N instances behave as one. Two whole instances (test-support/test-instances.ts) on one
 * SQLite file, each with its own connections, caches and key store: a limit split across them trips
 * at the same count as on one instance, a lockout earned on one holds on the other, a token signed
 * by one verifies on the other, and a job asked for by both runs once.
 */
import { describe, expect, it } from 'vitest';
import {
  CHECK_REQUESTS_PER_MINUTE_PER_IP,
  ERASE_JOB_INTERVAL_SECONDS,
  TOKEN_FAILURES_PER_MINUTE_PER_IP,
} from './config/policy.js';
import { REPORTS_PER_MINUTE } from './features/csp-reports/csp-report-routes.js';
import { eraseDueAccounts } from './services/erase-job.js';
import { createJobRunner, type Job } from './services/job-runner.js';
import { oauthSteps, pkcePair } from './test-support/oauth.js';
import { useTestInstances } from './test-support/test-instances.js';
import { STRONG_PASSWORD, V1 } from './test-support/test-server.js';

const [a, b] = useTestInstances(2);
const instances = [a, b] as const;
/** The instance a round-robin proxy would send the i-th request to. */
const nth = (i: number) => (i % 2 === 0 ? a : b);

const EXISTS = `${V1}/check/CheckUserExists/?phone=%2B998977770011`;
const LOGIN = `${V1}/login/LoginUser/`;
const PHONE = '+998901112233';

describe('the per-address check limit across two instances', () => {
  it(`allows ${CHECK_REQUESTS_PER_MINUTE_PER_IP} checks a minute from one address however they are split, then 429 on both`, async () => {
    for (let i = 0; i < CHECK_REQUESTS_PER_MINUTE_PER_IP; i += 1)
      expect((await nth(i).call('GET', EXISTS, { ip: '192.0.2.80' })).status).toBe(200);
    for (const instance of instances) {
      const limited = await instance.call('GET', EXISTS, { ip: '192.0.2.80' });
      expect([limited.status, limited.json]).toEqual([429, { errors: [{ error: 'rate_limit_error' }] }]);
      expect(limited.headers.get('retry-after')).toBe('60');
    }
    expect((await b.call('GET', EXISTS, { ip: '192.0.2.81' })).status).toBe(200);
    a.clock.advanceSeconds(60);
    expect((await b.call('GET', EXISTS, { ip: '192.0.2.80' })).status).toBe(200);
  });
});

describe('failed token requests across two instances', () => {
  it(`count together: after ${TOKEN_FAILURES_PER_MINUTE_PER_IP} failures split across both, each answers 429 slow_down`, async () => {
    await oauthSteps(a).registerClients();
    const spa = await a.registerByPhone(PHONE);
    const bad = { code: 'no-such-code', verifier: pkcePair().verifier };
    for (let i = 0; i < TOKEN_FAILURES_PER_MINUTE_PER_IP; i += 1) {
      expect((await oauthSteps(nth(i)).redeem(bad, {}, { ip: '198.51.100.9' })).status).toBe(400);
    }
    const issued = await oauthSteps(a).code(spa.access);
    for (const instance of instances) {
      const limited = await oauthSteps(instance).redeem(issued, {}, { ip: '198.51.100.9' });
      expect([limited.status, limited.json?.error, limited.headers.get('retry-after')]).toEqual([
        429,
        'slow_down',
        '60',
      ]);
    }
    // The code was never spent on a refused request: another address redeems it, on the other instance.
    expect((await oauthSteps(b).redeem(issued, {}, { ip: '198.51.100.10' })).status).toBe(200);
  });
});

const cspReport = (i: number, ip = '192.0.2.90') =>
  nth(i).call('POST', '/csp-report', {
    ip,
    rawBody: JSON.stringify({
      'csp-report': {
        'document-uri': 'http://localhost:8080/',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src',
      },
    }),
    headers: { 'content-type': 'application/csp-report' },
  });

describe('CSP reports across two instances', () => {
  it(`take ${REPORTS_PER_MINUTE} a minute from one address however they are split, then 429 on both`, async () => {
    for (let i = 0; i < REPORTS_PER_MINUTE; i += 1) expect((await cspReport(i)).status).toBe(204);
    for (let i = 0; i < 2; i += 1) expect([(await cspReport(i)).status]).toEqual([429]);
    expect((await cspReport(0, '192.0.2.91')).status).toBe(204);
    // Each instance logged the violations it took (features/csp-reports/violation-log.ts), nothing else.
    for (const instance of instances) {
      expect(
        instance.loggedErrors.every((entry) =>
          String((entry as { message: string }).message).startsWith('csp violation'),
        ),
      ).toBe(true);
      instance.loggedErrors.splice(0);
    }
  });
});

describe('sign-in lockout across two instances', () => {
  it('locks the account after 3 wrong passwords split across both, on both, the right password too', async () => {
    await a.registerByPhone(PHONE);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await nth(i).post(LOGIN, { phone: PHONE, password: `wrong-guess-${i}` });
      expect([wrong.status, wrong.json]).toEqual([400, { errors: [{ error: 'invalid_credentials' }] }]);
    }
    for (const instance of instances) {
      const owner = await instance.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD });
      expect([owner.status, owner.json]).toEqual([429, { errors: [{ error: 'too_many_attempts_login' }] }]);
      expect(Number(owner.headers.get('retry-after'))).toBe(30);
    }
    a.clock.advanceSeconds(30);
    expect((await b.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('tokens across two instances', () => {
  it('accepts on one instance the access token the other signed, and publishes the same keys on both', async () => {
    const spa = await a.registerByPhone(PHONE);
    const me = await b.call('GET', `${V1}/user/MyProfile`, { token: spa.access });
    expect(me.status).toBe(200);
    // Every algorithm's first key was made when the first instance started; the second read it.
    const [jwksA, jwksB] = await Promise.all([
      a.call('GET', '/.well-known/jwks.json'),
      b.call('GET', '/.well-known/jwks.json'),
    ]);
    expect(jwksB.json).toEqual(jwksA.json);
    expect(jwksA.json.keys.map((key: { alg: string }) => key.alg)).toEqual(['RS256', 'EdDSA']);
  });
});

describe('the erase job on two instances', () => {
  it('runs once when both ask at the same moment, and once again an interval later', async () => {
    const spa = await a.registerByPhone(PHONE);
    await a.storage.deactivation.set(
      spa.user_uuid,
      { inactivatedAt: a.clock.now(), eraseAt: a.clock.now() + 1000 },
      a.clock.now(),
    );
    a.clock.advanceSeconds(1);
    const erasedBy: number[] = [];
    const jobOn = (instance: typeof a): Job => ({
      name: 'erase_deactivated_accounts',
      intervalSeconds: ERASE_JOB_INTERVAL_SECONDS,
      run: async () => {
        erasedBy.push(await eraseDueAccounts(instance.storage, instance.clock));
      },
    });
    const runners = instances.map((instance, i) => ({
      runner: createJobRunner(instance.storage, instance.clock, `instance-${i}`),
      job: jobOn(instance),
    }));
    const ask = () => Promise.all(runners.map(({ runner, job }) => runner.runIfDue(job)));

    expect((await ask()).toSorted()).toEqual([false, true]);
    expect(erasedBy).toEqual([1]);
    expect(await b.storage.users.findById(spa.user_uuid)).toBeUndefined();

    a.clock.advanceSeconds(ERASE_JOB_INTERVAL_SECONDS - 1);
    expect(await ask()).toEqual([false, false]);
    a.clock.advanceSeconds(1);
    expect((await ask()).toSorted()).toEqual([false, true]);
    expect(erasedBy).toEqual([1, 0]);
  });
});
