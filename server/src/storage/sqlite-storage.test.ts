/** What only SQLite has: the file's settings and its migrations. The contract suites run in storage-contract.test.ts. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqliteFile as openFileStorage } from './contract/databases.js';
import { migrateToLatest } from './migrations.js';

describe('the SQLite file', () => {
  it('is opened in WAL mode with synchronous=FULL and foreign keys on', async () => {
    const { db, dispose } = await openFileStorage();
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2); // FULL
    expect(await pragma('foreign_keys')).toBe(1);
    await dispose();
  });

  it('migrates an already migrated database without change', async () => {
    const { db, dispose } = await openFileStorage();
    await migrateToLatest(db);
    const rows = (await sql.raw('SELECT name FROM kysely_migration').execute(db)).rows;
    expect(rows).toEqual([
      { name: '0001_accounts_codes_sessions' },
      { name: '0002_oauth_clients' },
      { name: '0003_oauth_provider' },
      { name: '0004_personal' },
      { name: '0005_security' },
      { name: '0006_parallel_limits' },
      { name: '0007_developer_apps' },
      { name: '0008_shared_limits_jobs_keys' },
      { name: '0009_login_waiters' },
      { name: '0010_images' },
      { name: '0011_frame_sessions' },
      { name: '0012_spent_code_sweep' },
      { name: '0013_social_sign_in' },
      { name: '0014_sms_messages' },
      { name: '0015_help_feedback' },
      { name: '0016_complaints_validation' },
      { name: '0017_qr_login' },
      { name: '0018_payments' },
      { name: '0019_passkeys_two_step' },
      { name: '0020_amr' },
      { name: '0021_webauthn_challenge_client' },
      { name: '0022_reviews' },
      { name: '0023_hissa' },
    ]);
    await dispose();
  });

  it("runs on a database a newer release migrated (a rolling upgrade), and refuses one that also lacks this release's own", async () => {
    const { db, dispose } = await openFileStorage();
    await sql
      .raw("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2027-01-01T00:00:00.000Z')")
      .execute(db);
    expect(await migrateToLatest(db)).toEqual({ newer: ['9999_from_the_future'] });
    await sql.raw("DELETE FROM kysely_migration WHERE name = '0008_shared_limits_jobs_keys'").execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(
      /newer release \(9999_from_the_future\).*0008_shared_limits_jobs_keys are not/,
    );
    await dispose();
  });
});
