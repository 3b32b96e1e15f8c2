import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPageFor, saveScreenshot } from '../support/browser.js';
import { startServer, type ServerProcess } from '../support/server-process.js';

let dir: string;
let server: ServerProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-smoke-'));
  server = await startServer({ DATABASE_URL: `sqlite:${join(dir, 'kirish.db')}` });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('the built server serves the account app to a real browser', () => {
  for (const width of [1280, 375]) {
    it(`renders the start page at ${width} px without errors`, async () => {
      if (!server || !browser) throw new Error('no server or browser');
      const { page, context, errors } = await newPageFor(browser, { width });
      try {
        const response = await page.goto(`${server.origin}/`, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);

        const heading = page.locator('h1:visible').first();
        await heading.waitFor({ state: 'visible', timeout: 15_000 });
        expect((await heading.innerText()).trim()).not.toBe('');
        expect(await page.title()).toContain('Kirish');

        await saveScreenshot(page, `smoke-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
