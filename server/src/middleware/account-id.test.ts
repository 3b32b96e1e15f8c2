/**
 * Account-Id (issue 33): a request naming another account than its token's is refused before any
 * route acts. The table is every route of the app as Hono lists it, so that a route added later is
 * covered, or fails here until it is listed below as outside the API.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer, V1, type TestServer } from '../test-support/test-server.js';

const server = useTestServer();
const PROFILE = `${V1}/user/profile/`;
const MY_PROFILE = `${V1}/user/MyProfile`;
const SOME_ID = '0190a6f0-0000-7000-8000-000000000000';

/**
 * The routes outside `/sso/` that the check does not reach, each for a reason: none of them acts on an
 * account with the SPA's token. A new path outside `/sso/` fails the table until it is listed here.
 */
const OUTSIDE_THE_API: Record<string, string> = {
  'GET /.well-known/jwks.json': 'public keys',
  'GET /.well-known/openid-configuration': 'public document',
  'GET /.well-known/web-identity': 'public document (FedCM)',
  'GET /cdn/:size/:source{.+}': 'photos, public at their unguessable address',
  'GET /common/api/v1/FrontendTranslation/:locale/': 'the catalogues',
  'GET /common/api/v1/regions/': 'the list of regions',
  'GET /dev/csp-reports': 'development only',
  'GET /dev/outbox': 'development only',
  'GET /healthz': 'the balancer',
  'GET /mahalla/oneid/callback': 'a redirect to the configured callback; reads no token',
  'GET /readyz': 'the balancer',
  'GET /common/api/v1/help/articles/': 'the help centre, public',
  'GET /common/api/v1/help/articles/:id/': 'the help centre, public',
  'POST /common/api/v1/help/articles/:id/feedback/': "the help centre's counters, no account",
  'GET /common/api/v1/operator/complaints/': "the operator API: the operator's secret, no account's token",
  'GET /common/api/v1/operator/complaints/:number/': 'the operator API',
  'POST /common/api/v1/operator/complaints/:number/answer/': 'the operator API',
  'POST /common/api/v1/operator/complaints/:number/close/': 'the operator API',
  'POST /common/api/v1/operator/complaints/:number/take/': 'the operator API',
  'POST /common/api/v1/operator/hissa/projects/': 'the operator API',
  'POST /common/api/v1/operator/hissa/projects/:id/updates/': 'the operator API',
  'GET /common/api/v1/operator/reviews/claims/': 'the operator API',
  'GET /common/api/v1/operator/reviews/claims/:id/proof': 'the operator API',
  'POST /common/api/v1/operator/reviews/claims/:id/decision/': 'the operator API',
  'POST /common/api/v1/operator/reviews/reviews/:id/decision/': 'the operator API',
  'POST /common/api/v1/operator/validation/:user_uuid/': 'the operator API',
  'POST /oauth/apple': "Apple's form_post: keeps Apple's name with its flow and redirects; no account's token",
  'POST /csp-report': "the browser's own reports",
};

/** The account's API: the SSO's and, beside it, the calls a signed-in person makes elsewhere. */
const ACCOUNT_API = ['/sso/', '/common/api/v1/help/complaints/', '/payment/api/', '/reviews/api/v1/', '/hissa/api/v1/'];
const ofAnAccount = (path: string) => ACCOUNT_API.some((prefix) => path.startsWith(prefix));

interface Route {
  method: string;
  path: string;
}

/** Every route handler of the app (middleware, which Hono lists as `ALL`, left out: `app.use(path, …)` too). */
function routesOf(app: TestServer['app']): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of app.routes) {
    if (method === 'ALL') continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

/** A request path for a route: each parameter a plausible value (the check comes before the route reads it). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, SOME_ID);

/** Every row of every table: what "nothing changed" is compared on. */
async function everyRow(db: TestServer['db']): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of await db.introspection.getTables()) {
    const { rows: found } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)}`.execute(db);
    rows[table.name] = found.map((row) => JSON.stringify(row)).toSorted();
  }
  return rows;
}

let a: { access: string; user_uuid: string };
let b: { access: string; user_uuid: string };

beforeEach(async () => {
  a = await server.registerByPhone('+998903340011', { first_name: 'Aziza' });
  b = await server.registerByPhone('+998903340022', { first_name: 'Botir' });
});

describe('Account-Id naming another account than the token', () => {
  it('is refused with 409 account_changed on every route of the API, and nothing is written', async () => {
    const routes = routesOf(server.app);
    const outside = routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !ofAnAccount(key.split(' ')[1]!));
    expect(outside.toSorted()).toEqual(Object.keys(OUTSIDE_THE_API).toSorted());
    const api = routes.filter((route) => ofAnAccount(route.path));
    // The app's table as Hono holds it: a change of wiring that hid the routes would empty this test.
    expect(api.length).toBeGreaterThan(70);

    const before = await everyRow(server.db);
    expect(before.users).toHaveLength(2);
    const answers: string[] = [];
    for (const route of api) {
      const method = route.method === 'ALL' ? 'POST' : route.method;
      const answer = await server.call(method, concrete(route.path), {
        token: b.access,
        headers: { 'account-id': a.user_uuid },
        ...(method === 'GET' || method === 'OPTIONS'
          ? {}
          : { body: { first_name: 'Aziza', birth_date: '1990-02-28', gender: 'female' } }),
      });
      answers.push(`${route.method} ${route.path} → ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    const refused = `→ 409 ${JSON.stringify({ errors: [{ error: 'account_changed' }] })}`;
    expect(answers.filter((line) => !line.endsWith(refused))).toEqual([]);
    expect(await everyRow(server.db)).toEqual(before);
  });

  it('is refused whatever the header holds when it is not the account: another id, an empty or a malformed one, another case', async () => {
    for (const meant of [SOME_ID, '', 'not-an-id', b.user_uuid.toUpperCase()]) {
      const answer = await server.call('PATCH', PROFILE, {
        token: b.access,
        headers: { 'account-id': meant },
        body: { first_name: 'Aziza' },
      });
      expect(answer.status, meant).toBe(409);
      expect(answer.json).toEqual({ errors: [{ error: 'account_changed' }] });
    }
    expect((await server.call('GET', MY_PROFILE, { token: b.access })).json.profile.first_name).toBe('Botir');
  });
});

describe('Account-Id naming the token’s own account, or absent', () => {
  it('reads and writes as before', async () => {
    const own = { 'account-id': b.user_uuid };
    const read = await server.call('GET', MY_PROFILE, { token: b.access, headers: own });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: b.user_uuid, profile: { first_name: 'Botir' } });

    const named = await server.call('PATCH', PROFILE, {
      token: b.access,
      headers: own,
      body: { first_name: 'Bahrom' },
    });
    expect(named.status).toBe(200);
    expect(named.json.profile.first_name).toBe('Bahrom');
    // API clients (curl, scripts) send no header: nothing is compared.
    const unnamed = await server.call('PATCH', PROFILE, { token: b.access, body: { first_name: 'Baxtiyor' } });
    expect(unnamed.status).toBe(200);
    expect((await server.call('GET', MY_PROFILE, { token: a.access })).json.profile.first_name).toBe('Aziza');
    expect((await server.call('GET', MY_PROFILE, { token: b.access })).json.profile.first_name).toBe('Baxtiyor');
  });

  it('leaves an invalid token to the route: 401 token_not_valid, so that the SPA refreshes and asks again', async () => {
    const answer = await server.call('GET', MY_PROFILE, {
      token: `${b.access}x`,
      headers: { 'account-id': a.user_uuid },
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ code: 'token_not_valid' });
    const anonymous = await server.call('GET', `${V1}/check/CheckUserExists/?phone=%2B998903340011`, {
      headers: { 'account-id': a.user_uuid },
    });
    expect(anonymous.json).toEqual({ exists: true });
  });
});
