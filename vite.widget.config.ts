import { defineConfig } from 'vite';

/**
 * The partner-facing widget, built into dist/widget/ and served by the SSO under /widget/.
 * Today it ships the message protocol module; the loader and the React wrapper join it with the
 * widget issue, under the 2 kB gzip budget for the loader.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    lib: {
      entry: { protocol: 'widget/protocol.ts' },
      formats: ['es'],
    },
  },
});
