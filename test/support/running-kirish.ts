/**
 * For a file of browser tests: the built server on a fresh database in a temporary folder, and
 * Debian's Chromium, started before the file's tests and ended after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export function useRunningKirish(host: 'localhost' | '127.0.0.1' = '127.0.0.1'): RunningKirish {
  const running = {} as RunningKirish;
  let dir: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kirish-e2e-'));
    running.databasePath = join(dir, 'kirish.db');
    running.server = await startServer({ DATABASE_URL: `sqlite:${running.databasePath}` }, host);
    running.browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  return running;
}
