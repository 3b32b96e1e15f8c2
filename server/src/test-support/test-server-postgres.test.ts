/**
 * The whole app on PostgreSQL (`createTestServer({ database: 'postgres' })`): what a client sees is
 * the same as on SQLite, and the rows land in the test cluster's database, not in a file. The other
 * server tests run on SQLite; KIRISH_TEST_DATABASE=postgres runs any of them here.
 */
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestServer, V1 } from './test-server.js';

const server = useTestServer({ database: 'postgres' });

describe('a test server on PostgreSQL', () => {
  it('registers, refreshes and reads the profile, and keeps the rows in its own PostgreSQL database', async () => {
    expect(server.config.database.kind).toBe('postgres');
    const tokens = await server.registerByPhone('+998901110033', { save: true });
    const refreshed = await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh });
    expect(refreshed.status).toBe(200);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: refreshed.json.access })).status).toBe(200);

    const database = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    expect(database.rows[0]?.name).toMatch(/^kirish_case_/);
    // The frozen clock gives both tokens one created_at: the first is the one without a parent.
    const tokenRows = await server.db
      .selectFrom('refresh_tokens')
      .select(['rotated_at', 'expires_at', 'parent_id'])
      .execute();
    expect(tokenRows).toHaveLength(2);
    const [first, second] = tokenRows.toSorted((a, b) => (a.parent_id === null ? -1 : b.parent_id === null ? 1 : 0));
    expect(typeof first?.rotated_at).toBe('number');
    expect(second?.rotated_at).toBeNull();
    expect(existsSync(server.dbPath)).toBe(false);
  });

  it('reads a wrong password as on SQLite: the same 400 and the same error key', async () => {
    await server.registerByPhone('+998901110044');
    const answer = await server.post(`${V1}/login/LoginUser/`, {
      phone: '+998901110044',
      password: 'not-the-password-1',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
  });
});
