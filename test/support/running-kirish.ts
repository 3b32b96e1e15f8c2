/**
 * For a file of browser tests: the built server on a fresh database in a temporary folder, and
 * Debian's Chromium, started before the file's tests and ended after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

export interface RunningKirish {
  server: ServerProcess;
  browser: Browser;
  /** The server's SQLite file, for a test that must set up a state no screen can reach yet. */
  databasePath: string;
}

/** `env`: variables beyond the database's (ADMIN_TOKEN for the operator API, issue 38). */
export function useRunningKirish(
  host: 'localhost' | '127.0.0.1' = '127.0.0.1',
  env: Record<string, string> = {},
): RunningKirish {
  const running = {} as RunningKirish;
  let dir: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kirish-e2e-'));
    running.databasePath = join(dir, 'kirish.db');
    running.server = await startServer({ DATABASE_URL: `sqlite:${running.databasePath}`, ...env }, host);
    running.browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  return running;
}

/** Deactivates the account of `phone` by setting its flag in the database, where no screen is the subject. */
export function deactivateDirectly(kirish: RunningKirish, phone: string): void {
  const db = new Database(kirish.databasePath);
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE users SET is_inactivated = 1 WHERE phone = ?').run(phone).changes;
    if (changed !== 1) throw new Error(`no account of ${phone} to deactivate`);
  } finally {
    db.close();
  }
}
