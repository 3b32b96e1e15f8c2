/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The account SPA (src/, built into dist/app) and the test projects of the whole repository:
 * the server's tests in Node, the browser code's in happy-dom, and the cross-cutting ones in test/.
 */
export default defineConfig({
  root: 'src',
  publicDir: false,
  plugins: [react()],
  define: {
    // The build's facts for /version, read by the configuration like any other VITE_ value.
    'import.meta.env.VITE_KIRISH_VERSION': JSON.stringify(version),
    'import.meta.env.VITE_KIRISH_COMMIT': JSON.stringify(commit()),
  },
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: true,
    // The budget test reads which chunks each route loads.
    manifest: true,
  },
  test: {
    root: '.',
    projects: [
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-code',
          root: '.',
          include: ['src/**/*.test.{ts,tsx}', 'widget/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'whole',
          root: '.',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
