/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The account SPA (src/, built into dist/app) and the test projects of the whole repository:
 * the server's tests in Node, the browser code's in happy-dom, and the cross-cutting ones in test/.
 */
export default defineConfig({
  root: 'src',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: true,
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
