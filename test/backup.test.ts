/**
 * `npm run backup` (server/scripts/backup.mjs, docs/deploy.md, Backups): a consistent copy of the
 * SQLite database of a running Kirish that keeps serving — and writing — while it is made.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { apiClient, V1 } from './support/api.js';
import { startServer, useServerFolder } from './support/server-process.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SCRIPT = join(ROOT, 'server/scripts/backup.mjs');
const PHONE = '+998946660011';
const PASSWORD = 'Ichan-Qala-Xiva-1220';

const folder = useServerFolder('kirish-backup-');

function runBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], {
      cwd: folder.dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup', () => {
  it('copies the database of a running server that keeps answering and writing, into a file that checks out whole', async () => {
    const databaseUrl = `sqlite:${join(folder.dir, 'kirish.db')}`;
    folder.server = await startServer({ DATABASE_URL: databaseUrl });
    const api = apiClient(folder.server.origin);
    const registered = await api.registerByPhone(PHONE, PASSWORD);

    // Writes all through the copy: sign-ins (a session and a log row each) and refreshes.
    // Set false by the test once the copy is done (an object: the loop reads it across awaits).
    const writing = { on: true };
    const answers: number[] = [];
    const traffic = (async () => {
      let refresh = registered.refresh;
      while (writing.on) {
        const login = await api.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: PASSWORD });
        const refreshed = await api.post(`${V1}/TokenRefresh/`, { refresh });
        if (refreshed.status === 200) refresh = refreshed.json.refresh as string;
        answers.push(login.status, refreshed.status);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const target = join(folder.dir, 'copies', 'kirish-copy.db');
    const beforeBackup = answers.length;
    const backup = await runBackup({ DATABASE_URL: databaseUrl }, [target]);
    const duringBackup = answers.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    writing.on = false;
    await traffic;

    expect(backup.output).toMatch(/^Backed up .* to .*kirish-copy\.db in \d+ ms \(integrity_check ok\)\n$/);
    expect(backup.code).toBe(0);
    // Answered while the copy was made, and after it.
    expect(duringBackup).toBeGreaterThan(beforeBackup);
    expect(answers.length).toBeGreaterThan(duringBackup);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(existsSync(`${target}.partial`)).toBe(false);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      const user = copy.prepare('select id, first_name from users where phone = ?').get(PHONE) as
        { id: string; first_name: string } | undefined;
      expect(user).toEqual({ id: registered.user_uuid, first_name: 'Sardor' });
      expect(
        (
          copy.prepare('select count(*) as n from sessions where user_id = ?').get(registered.user_uuid) as {
            n: number;
          }
        ).n,
      ).toBeGreaterThan(1);
    } finally {
      copy.close();
    }

    // Never over an existing file.
    const again = await runBackup({ DATABASE_URL: databaseUrl }, [target]);
    expect([again.code, again.output]).toEqual([1, `Backup failed: ${target} exists already: name another file\n`]);
  }, 60_000);

  it('names a file under ./data/backups by default', async () => {
    const databasePath = join(folder.dir, 'idle.db');
    new Database(databasePath).close();
    const backup = await runBackup({ DATABASE_URL: `sqlite:${databasePath}` });
    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(/ to .*\/data\/backups\/kirish-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db in /);
  });

  it('refuses PostgreSQL, pointing to pg_dump in docs/deploy.md, and never prints the password', () => {
    const refused = spawnSync(process.execPath, [SCRIPT], {
      cwd: folder.dir,
      env: { ...process.env, DATABASE_URL: 'postgres://kirish:s3cret-pw@db.internal:5432/kirish' },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      'Backup failed: DATABASE_URL names PostgreSQL: back it up with pg_dump, or base backups and WAL archiving (docs/deploy.md, Backups)\n',
    );
    expect(refused.stderr + refused.stdout).not.toContain('s3cret-pw');
  });
});
