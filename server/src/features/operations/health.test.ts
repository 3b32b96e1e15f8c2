import { Hono } from 'hono';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createReadinessCheck } from '../../storage/readiness.js';
import { openSqlite } from '../../storage/sqlite.js';
import { useTestServer } from '../../test-support/test-server.js';
import { healthRoutes } from './health-routes.js';

const server = useTestServer();

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 with a small JSON body, no-store, whatever Host the balancer probes with', async () => {
    // The test server is not in production: any other request with this Host is a 421 (issue 10 §6).
    const elsewhere = await server.call('GET', '/sso/api/v1/user/', { headers: { host: '10.1.2.3:8080' } });
    expect(elsewhere.status).toBe(421);
    const health = await server.call('GET', '/healthz', { headers: { host: '10.1.2.3:8080' } });
    expect([health.status, health.json, health.headers.get('cache-control')]).toEqual([
      200,
      { status: 'ok' },
      'no-store',
    ]);
    const ready = await server.call('GET', '/readyz', { headers: { host: '10.1.2.3:8080' } });
    expect([ready.status, ready.json]).toEqual([
      200,
      { status: 'ready', database: 'ok', pending_migrations: [], newer_migrations: [] },
    ]);
    expect(ready.headers.get('x-request-id')).toMatch(/^[\w-]{22}$/);
  });

  it('/readyz names the migrations not applied, and reports without failing those a newer release applied', async () => {
    const blank = openSqlite(':memory:');
    const app = new Hono().route(
      '/',
      healthRoutes({ readiness: createReadinessCheck(blank), isDraining: () => false }),
    );
    const unmigrated = await app.request('/readyz');
    expect(unmigrated.status).toBe(503);
    const body = (await unmigrated.json()) as { status: string; pending_migrations: string[] };
    expect(body.status).toBe('not_ready');
    expect(body.pending_migrations[0]).toBe('0001_accounts_codes_sessions');
    await blank.destroy();

    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      server.db,
    );
    const newer = await server.call('GET', '/readyz');
    expect([newer.status, newer.json.newer_migrations]).toEqual([200, ['9999_from_the_future']]);
  });

  it('/readyz is 503 when the database does not answer, and while draining', async () => {
    // A database whose connection cannot be made, as a PostgreSQL server that is down.
    const unreachable = new Kysely<unknown>({
      dialect: new SqliteDialect({
        database: async () => {
          throw new Error('connection refused');
        },
      }),
    });
    const broken = new Hono().route(
      '/',
      healthRoutes({ readiness: createReadinessCheck(unreachable), isDraining: () => false }),
    );
    const down = await broken.request('/readyz');
    expect([down.status, await down.json()]).toEqual([
      503,
      { status: 'not_ready', database: 'unreachable', pending_migrations: [], newer_migrations: [] },
    ]);

    const draining = new Hono().route(
      '/',
      healthRoutes({ readiness: createReadinessCheck(server.db), isDraining: () => true }),
    );
    const answer = await draining.request('/readyz');
    expect([answer.status, await answer.json()]).toEqual([503, { status: 'draining' }]);
    // Alive all the same: nothing to restart.
    expect((await draining.request('/healthz')).status).toBe(200);
  });
});

describe('X-Request-Id', () => {
  it('is on every answer: a sane incoming one kept, anything else replaced by a fresh random one', async () => {
    const kept = await server.call('GET', '/sso/api/v1/no-such-route/', {
      headers: { 'x-request-id': 'lb-7f3a.91_c-2' },
    });
    expect([kept.status, kept.headers.get('x-request-id')]).toEqual([404, 'lb-7f3a.91_c-2']);
    for (const odd of ['short', 'has spaces in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const replaced = await server.call('GET', '/healthz', { headers: { 'x-request-id': odd } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[\w-]{22}$/);
    }
    const first = await server.call('GET', '/healthz');
    const second = await server.call('GET', '/healthz');
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });
});
