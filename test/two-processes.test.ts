/**
 * Issue 13: two Kirish processes (server/dist/main.js) on one PostgreSQL database behave as one
 * service. Both answer to one public name, as behind a reverse proxy that keeps the Host header:
 * the tests send each request to the process they choose, with that Host. Registration on one and
 * sign-in on the other; a refresh on one and the old token replayed on the other ends the family;
 * failed sign-ins split across both lock at the count one instance would; a code sent through one
 * is checked on the other; a session ended on one is dead on the other at once; a photo uploaded
 * through one is served by the other, each process with a folder of its own; the jobs run once.
 * Issue 33: started together on a fresh database, both publish the same signing keys (one per
 * algorithm) from their first answer, and still after the first ID token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solidImage } from '../server/src/lib/images.js';
import { filePartBody } from './support/multipart.js';
import { latestCode } from './support/outbox.js';
import { freePort, startServer, type ServerProcess } from './support/server-process.js';

declare module 'vitest' {
  /** The throwaway cluster's URL, from test/support/postgres-global-setup.mjs. */
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const V1 = '/sso/api/v1';
const PASSWORD = 'Registon-Samarqand-2026';

let a: ServerProcess;
let b: ServerProcess;
let publicHost: string;
let folders: string[] = [];
const databaseName = `kirish_two_${process.pid}`;
const adminUrl = inject('postgresUrl');

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function admin<T>(
  work: (client: Client) => Promise<T>,
  database = new URL(adminUrl).pathname.slice(1),
): Promise<T> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // oxlint-disable-next-line typescript/no-explicit-any
  json: any;
}

/** One request to `to`, carrying the public Host header, as the proxy would forward it. */
function send(
  to: ServerProcess,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: Buffer | string,
) {
  return new Promise<{ status: number; headers: Answer['headers']; body: Buffer }>((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port: new URL(to.origin).port, method, path, headers: { host: publicHost, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** One JSON request to `to`. */
async function call(to: ServerProcess, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const answer = await send(
    to,
    method,
    path,
    {
      accept: 'application/json',
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  );
  const text = answer.body.toString('utf8');
  return { status: answer.status, headers: answer.headers, json: text ? JSON.parse(text) : undefined };
}

/** Uploads `image` as the caller's profile photo through `to` (multipart/form-data, RFC 7578). */
async function uploadPhoto(to: ServerProcess, token: string, image: Uint8Array): Promise<Answer> {
  const boundary = `kirish-${process.pid}`;
  const body = filePartBody({ boundary, field: 'photo', filename: 'me.png', type: 'image/png', data: image });
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': body.length,
  };
  const answer = await send(to, 'POST', `${V1}/user/photo/`, headers, body);
  return { status: answer.status, headers: answer.headers, json: JSON.parse(answer.body.toString('utf8')) };
}

/** Registers by phone through `through`; returns the token response. */
async function register(through: ServerProcess, phone: string) {
  const section = { type: 'login_sms_verification', phone };
  expect((await call(through, 'POST', `${V1}/auth/SendAuthSmsVerification/`, section)).status).toBe(200);
  // The dev outbox is read through the public name too: it is a table of the one database.
  const checked = await call(through, 'POST', `${V1}/auth/CheckAuthSmsVerification/`, {
    ...section,
    code: await latestCode(a.origin, phone),
  });
  expect(checked.status).toBe(200);
  const registered = await call(through, 'POST', '/sso/api/v2/register/RegisterUser/', {
    request_id: checked.json.request_id,
    password: PASSWORD,
    first_name: 'Dilshod',
    last_name: 'Rahimov',
    kind: 2,
    save: true,
  });
  expect(registered.status).toBe(201);
  return registered.json as { access: string; refresh: string; user_uuid: string };
}

const jobRuns = (server: ServerProcess, job: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"job ran"') && line.includes(`"job":"${job}"`)).length;

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const env = { DATABASE_URL: databaseUrl(databaseName), KIRISH_DEMO_ACCOUNT: '0' };
  // Each its own folder, as on two machines: nothing but the database is shared.
  folders = [mkdtempSync(join(tmpdir(), 'kirish-a-')), mkdtempSync(join(tmpdir(), 'kirish-b-'))];
  // Both start together on the fresh database (migrating under PostgreSQL's advisory lock, making
  // the first signing keys once), the second answering to the first's name.
  const port = await freePort();
  publicHost = `127.0.0.1:${port}`;
  [a, b] = await Promise.all([
    startServer({ ...env, UPLOADS_DIR: folders[0]!, PORT: String(port) }),
    startServer({ ...env, UPLOADS_DIR: folders[1]!, PUBLIC_URL: `http://${publicHost}` }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName}`));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** An ID token for the first-party account client (no consent to ask), through `to`. */
async function idToken(to: ServerProcess, access: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `http://${publicHost}/`;
  const authorized = await call(
    to,
    'POST',
    `${V1}/oauth/authorize/`,
    {
      client_id: 'kirish-account',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 'two-processes',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    },
    access,
  );
  expect(authorized.status).toBe(200);
  const code = new URL(authorized.json.redirect_uri as string).searchParams.get('code') ?? '';
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: 'kirish-account',
    code_verifier: verifier,
  }).toString();
  const answer = await send(
    to,
    'POST',
    `${V1}/oauth/token/`,
    { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
    form,
  );
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body.toString('utf8')).id_token as string;
}

const jwks = async (to: ServerProcess) =>
  (await call(to, 'GET', '/.well-known/jwks.json')).json.keys as { kid: string; alg: string }[];

describe('two processes on one PostgreSQL (issue 13)', () => {
  it('publish the same signing keys, one per algorithm, from their start and after the first ID token (issue 33)', async () => {
    // Asked of both at once, as a partner's verifiers behind a round-robin proxy would.
    const [fromA, fromB] = await Promise.all([jwks(a), jwks(b)]);
    expect(fromB).toEqual(fromA);
    expect(fromA.map((key) => key.alg).toSorted()).toEqual(['EdDSA', 'RS256']);
    const kept = await admin(
      (client) => client.query('SELECT alg, count(*)::int AS n FROM signing_keys GROUP BY alg ORDER BY alg'),
      databaseName,
    );
    expect(kept.rows).toEqual([
      { alg: 'EdDSA', n: 1 },
      { alg: 'RS256', n: 1 },
    ]);

    const { access } = await register(b, '+998935550000');
    const token = await idToken(b, access);
    const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).kid as string;
    const [afterA, afterB] = await Promise.all([jwks(a), jwks(b)]);
    expect(afterB).toEqual(afterA);
    expect(afterA).toEqual(fromA);
    expect(afterA.map((key) => key.kid)).toContain(kid);
  });

  it('registers on one and signs in on the other; a token signed by one is honoured by the other', async () => {
    const registered = await register(a, '+998935550001');
    const login = await call(b, 'POST', `${V1}/login/LoginUser/`, { phone: '+998935550001', password: PASSWORD });
    expect(login.status).toBe(200);
    const me = await call(a, 'GET', `${V1}/user/MyProfile`, undefined, login.json.access);
    expect([me.status, me.json.id]).toEqual([200, registered.user_uuid]);
  });

  it('ends the whole family when a refresh on one is replayed on the other', async () => {
    const { refresh } = await register(b, '+998935550002');
    const rotated = await call(a, 'POST', `${V1}/TokenRefresh/`, { refresh });
    expect(rotated.status).toBe(200);
    // Past the 10-second grace window a replay is a reuse; inside it the same successor comes back.
    const again = await call(b, 'POST', `${V1}/TokenRefresh/`, { refresh });
    expect([again.status, again.json.refresh]).toEqual([200, rotated.json.refresh]);
    await admin(
      (client) =>
        client.query('UPDATE refresh_tokens SET rotated_at = rotated_at - 60000 WHERE rotated_at IS NOT NULL'),
      databaseName,
    );
    expect((await call(b, 'POST', `${V1}/TokenRefresh/`, { refresh })).status).toBe(401);
    // The family is over: the successor no longer refreshes either, on either process.
    expect((await call(a, 'POST', `${V1}/TokenRefresh/`, { refresh: rotated.json.refresh })).status).toBe(401);
    expect((await call(b, 'GET', `${V1}/user/MyProfile`, undefined, rotated.json.access)).status).toBe(401);
  });

  it('locks the account after three wrong passwords split across both, on both', async () => {
    await register(a, '+998935550003');
    const tries = [a, b, a];
    for (const [i, to] of tries.entries()) {
      const wrong = await call(to, 'POST', `${V1}/login/LoginUser/`, {
        phone: '+998935550003',
        password: `wrong-${i}`,
      });
      expect([wrong.status, wrong.json]).toEqual([400, { errors: [{ error: 'invalid_credentials' }] }]);
    }
    for (const to of [a, b]) {
      const owner = await call(to, 'POST', `${V1}/login/LoginUser/`, { phone: '+998935550003', password: PASSWORD });
      expect([owner.status, owner.json]).toEqual([429, { errors: [{ error: 'too_many_attempts_login' }] }]);
      expect(Number(owner.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('checks on one a code sent through the other, and counts its cooldown on both', async () => {
    const section = { type: 'login_sms_verification', phone: '+998935550004' };
    expect((await call(a, 'POST', `${V1}/auth/SendAuthSmsVerification/`, section)).status).toBe(200);
    // The code just sent through the first holds back another one on the second.
    const resent = await call(b, 'POST', `${V1}/auth/SendAuthSmsVerification/`, section);
    expect([resent.status, resent.json.errors[0].error]).toEqual([429, 'timeout']);
    const checked = await call(b, 'POST', `${V1}/auth/CheckAuthSmsVerification/`, {
      ...section,
      code: await latestCode(a.origin, section.phone),
    });
    expect(checked.status).toBe(200);
    expect(checked.json.request_id).toEqual(expect.any(String));
  });

  it('refuses on the other at once a session ended on one', async () => {
    const { access } = await register(a, '+998935550005');
    expect((await call(b, 'GET', `${V1}/user/MyProfile`, undefined, access)).status).toBe(200);
    expect((await call(a, 'DELETE', `${V1}/user/LogoutUser/`, undefined, access)).status).toBeLessThan(300);
    expect((await call(b, 'GET', `${V1}/user/MyProfile`, undefined, access)).status).toBe(401);
  });

  it('serves through the other a photo uploaded through one, and forgets it on both once it is removed', async () => {
    const { access } = await register(a, '+998935550006');
    const uploaded = await uploadPhoto(a, access, await solidImage(300, 150, 'png'));
    expect(uploaded.status).toBe(200);
    const image = `/cdn/100x/${uploaded.json.photo}`;
    const served = await send(b, 'GET', image, {});
    expect([served.status, served.headers['content-type'], served.body.subarray(8, 12).toString('latin1')]).toEqual([
      200,
      'image/webp',
      'WEBP',
    ]);
    expect((await call(b, 'DELETE', `${V1}/user/photo/`, undefined, access)).status).toBe(204);
    for (const to of [a, b]) expect((await send(to, 'GET', image, {})).status).toBe(404);
  });

  it('runs each background job once for both processes', async () => {
    const jobs = [
      'erase_deactivated_accounts',
      'rotate_signing_keys',
      'sweep_login_throttle',
      'sweep_rate_windows',
      'sweep_spent_codes',
    ];
    for (const job of jobs) await expect.poll(() => jobRuns(a, job) + jobRuns(b, job)).toBe(1);
    const leases = await admin(
      (client) => client.query('SELECT name, last_run_at FROM job_leases ORDER BY name'),
      databaseName,
    );
    expect(
      leases.rows.map((row: { name: string; last_run_at: string | null }) => [row.name, row.last_run_at !== null]),
    ).toEqual(jobs.map((job) => [job, true]));
    // Both kept asking (every few minutes in production); the leases let neither run a job twice.
    for (const job of jobs) expect(jobRuns(a, job) + jobRuns(b, job)).toBe(1);
  });
});
