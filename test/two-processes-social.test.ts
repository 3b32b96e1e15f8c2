/**
 * Issue 36: a provider flow begun on one Kirish process finishes on the other. Two processes
 * (server/dist/main.js) on one PostgreSQL database behind one public name, as in
 * two-processes.test.ts, sharing one stand-in identity provider (docs/social-sign-in.md): both are
 * given the same STANDIN_PORT, the first binds it and the second uses the one already there. Over
 * real HTTP, no browser: the test plays the browser (the binding cookie kept between the legs) and
 * the person on the stand-in's page (its consent form, posted as the page posts it).
 */
import { request } from 'node:http';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { latestCode } from './support/outbox.js';
import { freePort, startServer, type ServerProcess } from './support/server-process.js';

const V1 = '/sso/api/v1';
const SOCIAL = `${V1}/SocialAuth`;
const PASSWORD = 'Registon-Samarqand-2026';

let a: ServerProcess;
let b: ServerProcess;
let publicOrigin: string;
const databaseName = `kirish_two_social_${process.pid}`;
const adminUrl = inject('postgresUrl');

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function query<T>(sql: string, values: unknown[], database = databaseName): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  // oxlint-disable-next-line typescript/no-explicit-any
  json: any;
  cookies: string[];
}

/** One JSON request to `to` with the public Host header, as the proxy would forward it. */
function call(to: ServerProcess, method: string, path: string, body?: unknown, cookie?: string, token?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = { host: new URL(publicOrigin).host, accept: 'application/json' };
    if (payload)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    if (cookie) headers.cookie = cookie;
    if (token) headers.authorization = `Bearer ${token}`;
    const sent = request({ host: '127.0.0.1', port: new URL(to.origin).port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          json: text ? JSON.parse(text) : undefined,
          cookies: response.headers['set-cookie'] ?? [],
        });
      });
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** A browser's first leg: begins `path`'s flow on `on`; answers the provider's address and the binding cookie. */
async function begin(on: ServerProcess, path: string): Promise<{ url: URL; cookie: string }> {
  const started = await call(on, 'POST', `${SOCIAL}/${path}/Login/`, {});
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const cookie = started.cookies.find((line) => line.startsWith('kirish_social_flow='))?.split(';')[0];
  expect(cookie).toBeDefined();
  return { url: new URL(started.json.url as string), cookie: cookie! };
}

/** The person's part on the stand-in's page: a typed identity, then Continue. Answers the provider's redirect. */
async function consent(provider: string, authorize: URL, identity: Record<string, string>): Promise<URL> {
  // The provider's address is the one stand-in both processes share.
  expect(authorize.origin).toBe(a.standinOrigin);
  const page = await fetch(authorize, { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Kirish stand-in for');
  const answered = await fetch(`${a.standinOrigin}/${provider}/standin/consent`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      request: authorize.search.slice(1),
      action: 'continue',
      identity: 'typed',
      ...identity,
    }),
  });
  expect(answered.status).toBe(302);
  const back = new URL(answered.headers.get('location')!);
  // The provider sends the browser back to the public name's callback page.
  expect(back.href.startsWith(`${publicOrigin}/oauth/${provider}`)).toBe(true);
  return back;
}

/** Google's implicit answer (the fragment), as the SPA's callback reads it. */
async function googleAnswer(identity: Record<string, string>, flow: { url: URL }) {
  const fragment = new URLSearchParams((await consent('google', flow.url, identity)).hash.slice(1));
  return { state: fragment.get('state')!, access_token: fragment.get('access_token')! };
}

const kindOf = async (userId: string) =>
  (await query<{ registration_kind: number }>('SELECT registration_kind FROM users WHERE id = $1', [userId]))[0]
    ?.registration_kind;

beforeAll(async () => {
  await query(`CREATE DATABASE ${databaseName}`, [], new URL(adminUrl).pathname.slice(1));
  const port = await freePort();
  publicOrigin = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: databaseUrl(databaseName),
    KIRISH_DEMO_ACCOUNT: '0',
    PUBLIC_URL: publicOrigin,
    STANDIN_PORT: String(await freePort()),
  };
  // A first, so that it is the one that binds the stand-in's port; B then finds it taken and uses it.
  a = await startServer({ ...env, PORT: String(port) });
  b = await startServer(env);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await query(`DROP DATABASE IF EXISTS ${databaseName}`, [], new URL(adminUrl).pathname.slice(1));
});

describe('a provider flow across two processes on one PostgreSQL (issue 36)', () => {
  it('share one stand-in: the second process uses the port the first bound', () => {
    expect(b.standinOrigin).toBe(a.standinOrigin);
    expect(a.output()).toContain(`Stand-in providers:  ${a.standinOrigin}`);
    // B found the port taken and serves no stand-in of its own: every provider call of B's reaches A's.
    expect(b.output()).not.toContain('Stand-in providers:');
  });

  it('makes a new account of a Google sign-in begun on A and finished on B; the same identity begun on B and finished on A signs it in', async () => {
    const identity = { first_name: 'Malika', last_name: 'Nazarova', subject: 'two-processes-google' };
    const first = await begin(a, 'Google');
    const made = await call(b, 'POST', `${SOCIAL}/GoogleLogin/`, await googleAnswer(identity, first), first.cookie);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ has_phone: false, access: expect.any(String), user_uuid: expect.any(String) });
    expect(await kindOf(made.json.user_uuid)).toBe(0);

    const again = await begin(b, 'Google');
    const signedIn = await call(a, 'POST', `${SOCIAL}/GoogleLogin/`, await googleAnswer(identity, again), again.cookie);
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.json.user_uuid).toBe(made.json.user_uuid);
    // The session A made is honoured by B.
    const me = await call(b, 'GET', `${V1}/user/MyProfile`, undefined, undefined, signedIn.json.access);
    expect([me.status, me.json.id]).toEqual([200, made.json.user_uuid]);
  });

  it('finishes on A an X sign-in begun on B: the PKCE verifier B made lives in the database', async () => {
    const flow = await begin(b, 'Twitter');
    // Only the S256 challenge goes to the provider (RFC 7636 §4.3); the verifier is the flow's row.
    expect(flow.url.searchParams.get('code_challenge_method')).toBe('S256');
    const kept = await query<{ code_verifier: string }>(
      "SELECT code_verifier FROM social_flows WHERE provider = 'twitter' AND used_at IS NULL",
      [],
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.code_verifier.length).toBeGreaterThanOrEqual(43);
    const back = await consent('twitter', flow.url, {
      first_name: 'Javlon',
      last_name: 'Ergashev',
      username: 'javlon_e',
      subject: 'two-processes-x',
    });
    const finished = await call(
      a,
      'POST',
      `${SOCIAL}/Twitter/Callback/`,
      { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
      flow.cookie,
    );
    expect(finished.status, JSON.stringify(finished.json)).toBe(200);
    expect(finished.json).toMatchObject({ has_phone: false, user_uuid: expect.any(String) });
    expect(await kindOf(finished.json.user_uuid)).toBe(0);
  });

  it('proves on B the integration step A opened, after which the identity signs that account in on either', async () => {
    // An account with a verified e-mail: registered by an e-mail code through A.
    const email = 'nodira.two@example.com';
    const section = { type: 'confirm_email_or_phone', email };
    expect(
      (await call(a, 'POST', `${V1}/auth/SendAuthEmailVerification/`, { ...section, method: 'email' })).status,
    ).toBe(200);
    const checked = await call(a, 'POST', `${V1}/auth/CheckAuthEmailVerification/`, {
      ...section,
      code: await latestCode(a.origin, email),
    });
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    const account = await call(b, 'POST', '/sso/api/v2/register/RegisterUser/', {
      request_id: checked.json.request_id,
      password: PASSWORD,
      first_name: 'Nodira',
      last_name: 'Saidova',
      kind: 2,
    });
    expect(account.status, JSON.stringify(account.json)).toBe(201);

    const identity = { first_name: 'Nodira', last_name: 'Saidova', email, email_verified: 'on', subject: 'two-int' };
    const flow = await begin(a, 'Google');
    const opened = await call(a, 'POST', `${SOCIAL}/GoogleLogin/`, await googleAnswer(identity, flow), flow.cookie);
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    expect(opened.json.integration).toMatchObject({ provider: 'google', contact_type: 'email', has_password: true });
    expect(opened.json.access).toBeUndefined();

    const proven = await call(
      b,
      'POST',
      `${SOCIAL}/Integration/`,
      { token: opened.json.integration.token, password: PASSWORD },
      flow.cookie,
    );
    expect(proven.status, JSON.stringify(proven.json)).toBe(200);
    expect(proven.json.user_uuid).toBe(account.json.user_uuid);

    for (const [start, end] of [
      [a, b],
      [b, a],
    ] as const) {
      const next = await begin(start, 'Google');
      const signedIn = await call(
        end,
        'POST',
        `${SOCIAL}/GoogleLogin/`,
        await googleAnswer(identity, next),
        next.cookie,
      );
      expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
      expect(signedIn.json.user_uuid).toBe(account.json.user_uuid);
    }
  });

  it('refuses on B a flow already finished on A (single use)', async () => {
    const flow = await begin(a, 'Google');
    const answer = await googleAnswer({ first_name: 'Bobur', last_name: 'Tursunov', subject: 'two-once' }, flow);
    const finished = await call(a, 'POST', `${SOCIAL}/GoogleLogin/`, answer, flow.cookie);
    expect(finished.status, JSON.stringify(finished.json)).toBe(200);
    const replayed = await call(b, 'POST', `${SOCIAL}/GoogleLogin/`, answer, flow.cookie);
    expect([replayed.status, replayed.json]).toEqual([400, { errors: [{ error: 'social_state_mismatch' }] }]);
  });
});
