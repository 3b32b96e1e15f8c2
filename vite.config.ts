/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { markdownToHtml } from './server/scripts/markdown.mjs';
import { ConfigError, loadConfig } from './src/config/config.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** The VITE_* variables of the environment (and .env files), with the build's version and commit. */
function siteConfig(mode: string) {
  try {
    return loadConfig({
      ...loadEnv(mode, process.cwd(), 'VITE_'),
      VITE_KIRISH_VERSION: version,
      VITE_KIRISH_COMMIT: commit(),
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new Error(`Kirish configuration: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * A markdown file imported by the site is its HTML, made here at build time (the partner guide,
 * docs/partners.md, at /developers/guide): the page carries no markdown parser.
 */
function markdownPages(): Plugin {
  return {
    name: 'kirish-markdown',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? '';
      if (!file.endsWith('.md')) return null;
      return `export default ${JSON.stringify(markdownToHtml(readFileSync(file, 'utf8')))};`;
    },
  };
}

/**
 * The site has one stylesheet, the entry's, which the page's own <link> loads before any script runs. A
 * lazy chunk then has nothing to preload: its scripts come with it (`modulePreload.resolveDependencies`
 * below), and the only CSS Vite would wait for is that same entry stylesheet. So Vite's preload helper
 * (about 650 B gzip in the entry, on every first visit) is replaced by a plain call of the import. The
 * build fails if a lazy chunk ever brings a stylesheet of its own, which the helper would have loaded.
 */
function oneStylesheet(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  return {
    name: 'kirish-one-stylesheet',
    enforce: 'pre',
    load(id) {
      return id === helperId ? 'export const __vitePreload = (load) => load();' : null;
    },
    generateBundle(_options, bundle) {
      const entryCss = new Set<string>();
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry)
          for (const css of chunk.viteMetadata?.importedCss ?? []) entryCss.add(css);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const own = [...(chunk.viteMetadata?.importedCss ?? [])].filter((css) => !entryCss.has(css));
        if (own.length > 0)
          this.error(`${chunk.fileName} brings its own stylesheet (${own.join(', ')}): import it from src/styles.css`);
      }
    },
  };
}

/**
 * The sign-in form's files, which the login and the embed routes both load before they can render:
 * one chunk rather than a dozen small ones, each a request with its own gzip overhead (their 90 kB
 * budgets, test/budget.test.ts). Register and reset load it too; they use most of it. What only the
 * second stage of sign-in needs (the password field, the other ways) is not listed: it loads with that stage.
 */
const SIGN_IN_FILES = [
  'features/auth/components/sign-in-flow.tsx',
  'features/auth/components/flow-link.tsx',
  'features/auth/models/sign-in-model.ts',
  'features/auth/api/check-user-exists.ts',
  'features/auth/api/check-user-password.ts',
  'features/auth/api/login-otp.ts',
  'features/auth/api/login-user.ts',
  'features/auth/api/types.ts',
  'features/auth/use-auth-api.ts',
  'features/auth/use-flow-deps.ts',
  'features/oauth/components/lazy-consent-view.ts',
  'features/oauth/authorization-request.ts',
  // What the embed page's lazily loaded parts (partner-delivery, popup-relay) share with it: shared
  // from the embed page's own chunk, it made that chunk export a namespace object (runtime bytes).
  'features/oauth/widget-messages.ts',
  '../widget/protocol.ts',
  'components/step-form.tsx',
  'components/text-field.tsx',
  'components/phone-mask.ts',
  'components/verification/contact.ts',
  'components/verification/lazy-code-step.tsx',
  // The "continue to <app>" banner's lazy wrapper: the login page and the widget both show it.
  'components/lazy-requesting-app.tsx',
  'lib/form.ts',
  'components/field-props.ts',
  'lib/adopt-typed-values.ts',
  'lib/early-submit.ts',
  // The phone and e-mail rules of the server's contract, which the sign-in form checks with.
  '../server/src/contract/contact-rules.ts',
];

/** One throwaway PostgreSQL cluster per test run, shared by the projects that name it (issue 13). */
const POSTGRES_SETUP = fileURLToPath(new URL('./test/support/postgres-global-setup.mjs', import.meta.url));

const SIGN_IN_PATHS = new Set(
  SIGN_IN_FILES.map((file) => fileURLToPath(new URL(`./src/${file}`, import.meta.url)).replaceAll('\\', '/')),
);

/**
 * The account SPA (src/, built into dist/app) and the test projects of the whole repository:
 * the server's tests in Node, the browser code's in happy-dom, and the cross-cutting ones in test/.
 */
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: 'src',
  publicDir: false,
  plugins: [markdownPages(), oneStylesheet(), react()],
  resolve: {
    alias: {
      // dlv (rosetta's lookup) names its UMD build as `browser`, which Vite prefers: three copies of the
      // function in one wrapper. Its ES module build is the one function.
      dlv: fileURLToPath(new URL('./node_modules/dlv/dist/dlv.es.js', import.meta.url)),
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/sync-external-store.ts', import.meta.url),
      ),
    },
  },
  define: {
    // The site's configuration is validated here, once, when it is built (src/config/config.ts):
    // a wrong value stops the build with the variable's name; the page gets the checked result.
    'import.meta.env.KIRISH_CONFIG': JSON.stringify(siteConfig(mode)),
  },
  // `vite build --ssr prerender.tsx` (npm run build:app) builds the prerender's renderer for Node,
  // whole: it runs once at build time, so nothing is left for node_modules to resolve at run time.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: '../dist/prerender', emptyOutDir: true, sourcemap: false, minify: false }
    : {
        outDir: '../dist/app',
        emptyOutDir: true,
        // Maps without the `sourceMappingURL` comment in each script (about 30 B gzip a file, on every
        // visit): outside production the server names the map in a SourceMap header instead
        // (server/src/site/static-site.ts); in production the maps are not served at all.
        sourcemap: 'hidden',
        // The budget test reads which chunks each route loads.
        manifest: true,
        // Every browser of the build target has <link rel=modulepreload>: no polyfill in the entry.
        // The page preloads what its entry imports; a lazy screen's own imports are found when it
        // loads (one more round trip) instead of a list of every screen's chunks in the entry, which
        // grew with each screen and pushed the first pages over their budget.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? deps : []),
        },
        rolldownOptions: {
          output: {
            // React, the router and signals in one chunk: every page needs all of them, and a few
            // small shared chunks would each cost a request and their own gzip overhead. The button
            // and the icon too: every page has one, and alone each was a chunk of its own.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@preact[\\/]signals-core|@preact[\\/]signals-react)[\\/]|src[\\/]lib[\\/](sync-external-store|services|use-hydrated)\.ts$|src[\\/]components[\\/](button|icon)\.tsx$/,
                },
                // Only the files named: what they import stays where it was (the entry, or its own chunk).
                {
                  name: 'sign-in',
                  includeDependenciesRecursively: false,
                  test: (id: string) => SIGN_IN_PATHS.has(id.replaceAll('\\', '/')),
                },
              ],
            },
          },
        },
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
          globalSetup: [POSTGRES_SETUP],
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
          globalSetup: [POSTGRES_SETUP],
          testTimeout: 60_000,
        },
      },
    ],
  },
}));
