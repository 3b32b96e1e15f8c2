/**
 * The production build's byte budgets (issues 3 and 4): the initial JavaScript of the login route
 * and of the widget's embed route, React included, at most 90 kB gzip each; the fingerprint library
 * and Sentry in neither; no lazy chunk over 30 kB gzip. `npm test` builds before it runs this.
 * "Initial" is the entry and every chunk it or the route's screen imports statically: what a first
 * visit downloads before the page can render.
 */
import { describe, expect, it } from 'vitest';
import { gzipBytes, readManifest, staticClosure } from './support/bundle.js';

const ROUTE_BUDGET_BYTES = 90_000;
const LAZY_CHUNK_BUDGET_BYTES = 30_000;
const ROUTES = { login: 'features/auth/screens/login-screen.tsx', embed: 'app/embed-route.tsx' } as const;

describe('the account site build', () => {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const initialFiles = (screen: string) =>
    new Set([...staticClosure(manifest, entry ?? ''), ...staticClosure(manifest, screen)]);
  const bootFiles = staticClosure(manifest, entry ?? '');
  const loginFiles = initialFiles(ROUTES.login);
  const embedFiles = initialFiles(ROUTES.embed);

  it.each(Object.entries(ROUTES))(
    'loads the %s route with at most 90 kB of gzipped JavaScript, React included',
    (name, screen) => {
      expect(entry, 'the manifest names an entry').toBeDefined();
      expect(manifest[screen], 'the screen is its own chunk').toBeDefined();
      const files = initialFiles(screen);
      const total = [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipBytes(file), 0);
      console.log(
        `${name} route, initial JavaScript: ${total} B gzip in ${files.size} files (budget ${ROUTE_BUDGET_BYTES} B)`,
      );
      expect(total).toBeGreaterThan(50_000); // React alone is more: a smaller number means the test reads the wrong files
      expect(total).toBeLessThanOrEqual(ROUTE_BUDGET_BYTES);
    },
  );

  it('keeps the fingerprint library and Sentry out of the login and embed routes', () => {
    const lazyOnly = Object.entries(manifest)
      .filter(
        ([key]) => key.includes('@fingerprintjs') || key.includes('@sentry') || key.includes('error-reporting-client'),
      )
      .map(([, chunk]) => chunk.file);
    expect(lazyOnly.length).toBeGreaterThan(0);
    for (const file of lazyOnly) {
      expect(loginFiles.has(file), file).toBe(false);
      expect(embedFiles.has(file), file).toBe(false);
    }
  });

  it('has no lazy chunk over 30 kB gzip', () => {
    const lazy = Object.values(manifest)
      // Lazy: loaded by some dynamic import, not with the entry itself.
      .filter((chunk) => !bootFiles.has(chunk.file) && chunk.file.endsWith('.js'))
      .map((chunk) => ({ file: chunk.file, bytes: gzipBytes(chunk.file) }));
    const largest = lazy.reduce((top, chunk) => (chunk.bytes > top.bytes ? chunk : top), { file: '-', bytes: 0 });
    console.log(`largest lazy chunk: ${largest.file}, ${largest.bytes} B gzip (budget ${LAZY_CHUNK_BUDGET_BYTES} B)`);
    const oversized = lazy.filter((chunk) => chunk.bytes > LAZY_CHUNK_BUDGET_BYTES);
    expect(oversized).toEqual([]);
  });
});
