import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import dts from 'vite-plugin-dts';

/**
 * The partner-facing widget, built into dist/widget/ and served by the SSO under /widget/, in two
 * steps because Vite's library mode makes an IIFE from one entry only (`npm run build:widget`):
 *
 * - `--mode loader`: `widget.js`, the loader as one minified IIFE without dependencies (at most
 *   2 kB gzip, test/widget-budget.test.ts). It runs first and empties the folder.
 * - `--mode package`: the publishable `@kirish/widget` beside it — `protocol.js` and the React
 *   wrapper `react.js` as ES modules with React external (a peer dependency), their `.d.ts`, and
 *   `package.json` from widget/dist-package.json.
 * - `--mode demo`: the demo partner site (demo/, into dist/demo/), which shows the widget off as a
 *   partner uses it (`npm run build:demo`).
 */

const OUT_DIR = 'dist/widget';

const loader: UserConfig = {
  publicDir: false,
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    minify: true,
    lib: {
      entry: 'widget/loader.ts',
      name: 'Kirish',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
};

/** The package's manifest, versioned with the repository. */
function packageManifest(): Plugin {
  return {
    name: 'kirish-widget-package-json',
    generateBundle() {
      const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      const { name, ...rest } = JSON.parse(readFileSync('widget/dist-package.json', 'utf8')) as Record<string, unknown>;
      this.emitFile({
        type: 'asset',
        fileName: 'package.json',
        source: `${JSON.stringify({ name, version, ...rest }, null, 2)}\n`,
      });
    },
  };
}

/**
 * The widget's public types name some of the contract's (the locales, the token response):
 * tsconfig.widget-package.json lists those files, their declarations go into the package as
 * `contract/*.d.ts`, and the widget's `../server/src/contract/` imports become `./contract/`, so the
 * package's types resolve without Kirish's source (test/widget-package.test.ts).
 */
const CONTRACT_IMPORT = /(["'])\.\.\/server\/src\/contract\//g;

function packagedDeclaration(filePath: string, content: string): { filePath: string; content: string } {
  const contract = /\/server\/src\/contract\/([^/]+\.d\.ts)$/.exec(filePath);
  if (contract) return { filePath: `${process.cwd()}/${OUT_DIR}/contract/${contract[1]}`, content };
  return { filePath, content: content.replace(CONTRACT_IMPORT, '$1./contract/') };
}

const widgetPackage: UserConfig = {
  publicDir: false,
  plugins: [
    dts({
      tsconfigPath: 'tsconfig.widget-package.json',
      entryRoot: 'widget',
      include: ['widget', 'server/src/contract'],
      beforeWriteFile: packagedDeclaration,
      // Only what a partner imports: no tests, no test support, not the loader's own entry
      // (test/widget-package.test.ts lists what `npm pack` would publish).
      exclude: [
        'widget/**/*.test.ts',
        'widget/**/*.test.tsx',
        'widget/test-support/**',
        'widget/loader.ts',
        'widget/script-tag.ts',
        'widget/pkce.ts',
      ],
    }),
    packageManifest(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: false,
    lib: {
      entry: { protocol: 'widget/protocol.ts', react: 'widget/react.tsx' },
      formats: ['es'],
    },
    rolldownOptions: {
      external: ['react', 'react-dom', 'react/jsx-runtime'],
    },
  },
};

const demo: UserConfig = {
  root: 'demo',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/demo',
    emptyOutDir: true,
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'loader') return loader;
  if (mode === 'package') return widgetPackage;
  if (mode === 'demo') return demo;
  throw new Error(`vite.widget.config.ts: --mode must be "loader", "package" or "demo", not "${mode}"`);
});
