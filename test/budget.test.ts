/**
 * The production build's byte budgets (issue 3): the login route's initial JavaScript, React
 * included, at most 90 kB gzip; the fingerprint library and Sentry not in it; no lazy chunk over
 * 30 kB gzip. `npm test` builds before it runs this.
 */
import { describe, expect, it } from 'vitest';
import { gzipBytes, readManifest, staticClosure } from './support/bundle.js';

const LOGIN_BUDGET_BYTES = 90_000;
const LAZY_CHUNK_BUDGET_BYTES = 30_000;
const LOGIN_SCREEN = 'features/auth/screens/login-screen.tsx';

describe('the account site build', () => {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loginFiles = new Set([...staticClosure(manifest, entry ?? ''), ...staticClosure(manifest, LOGIN_SCREEN)]);

  it('loads the login route with at most 90 kB of gzipped JavaScript, React included', () => {
    expect(entry, 'the manifest names an entry').toBeDefined();
    expect(manifest[LOGIN_SCREEN], 'the login screen is its own chunk').toBeDefined();
    const total = [...loginFiles].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipBytes(file), 0);
    console.log(`login route, initial JavaScript: ${total} B gzip in ${loginFiles.size} files (budget ${LOGIN_BUDGET_BYTES} B)`);
    expect(total).toBeGreaterThan(50_000); // React alone is more: a smaller number means the test reads the wrong files
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  });

  it('keeps the fingerprint library and Sentry out of the login route', () => {
    const lazyOnly = Object.entries(manifest)
      .filter(([key]) => key.includes('@fingerprintjs') || key.includes('@sentry') || key.includes('error-reporting-client'))
      .map(([, chunk]) => chunk.file);
    expect(lazyOnly.length).toBeGreaterThan(0);
    for (const file of lazyOnly) expect(loginFiles.has(file), file).toBe(false);
  });

  it('has no lazy chunk over 30 kB gzip', () => {
    const lazy = Object.values(manifest)
      .filter((chunk) => !chunk.isEntry && chunk.file.endsWith('.js'))
      .map((chunk) => ({ file: chunk.file, bytes: gzipBytes(chunk.file) }));
    const largest = lazy.reduce((top, chunk) => (chunk.bytes > top.bytes ? chunk : top), { file: '-', bytes: 0 });
    console.log(`largest lazy chunk: ${largest.file}, ${largest.bytes} B gzip (budget ${LAZY_CHUNK_BUDGET_BYTES} B)`);
    const oversized = lazy.filter((chunk) => chunk.bytes > LAZY_CHUNK_BUDGET_BYTES);
    expect(oversized).toEqual([]);
  });
});
