/**
 * Issue 34: the React component installs without Kirish's source. The built server serves the
 * `@kirish/widget` package as the tarball `npm pack` made of dist/widget (`npm run build:widget`) at
 * /widget/kirish-widget-<version>.tgz, and `npm install <that URL>` in a partner's project gives a
 * package whose entries, types and module load. npm reaches only this server (its registry is an
 * address that answers nothing): the package has no dependencies, and React, an optional peer that
 * a partner's project has anyway, is left out of the resolution.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, useServerFolder } from './support/server-process.js';

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const folder = useServerFolder('kirish-tarball-');

describe('the @kirish/widget tarball served by Kirish', () => {
  let url = '';
  let project = '';
  beforeAll(async () => {
    folder.server = await startServer({ DATABASE_URL: `sqlite:${join(folder.dir, 'kirish.db')}` });
    url = `${folder.server.origin}/widget/kirish-widget-${version}.tgz`;
    project = join(folder.dir, 'partner-app');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'partner-app', private: true, type: 'module' }),
    );
  }, 60_000);

  it('is served at its versioned URL, to any site, revalidated as the widget’s other files', async () => {
    const response = await fetch(url);

    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // a gzip stream, as npm pack writes it
  });

  it('is the one docs/partners.md tells a partner to install', () => {
    const guide = readFileSync(new URL('../docs/partners.md', import.meta.url), 'utf8');

    expect(guide).toContain(`npm install http://localhost:8080/widget/kirish-widget-${version}.tgz`);
  });

  it('installs with `npm install <url>` and gives the package, its types and a module that loads', async () => {
    // Its own cache folder: nothing of this machine's npm cache is used or changed. A registry that
    // answers nothing: the install must need no package but the one at the URL.
    await run(
      'npm',
      [
        'install',
        url,
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--cache',
        join(folder.dir, 'npm-cache'),
        '--registry',
        'http://127.0.0.1:9/',
        '--fetch-retries',
        '0',
        // React is an optional peer: npm would still ask the registry about it, which a partner's project has anyway.
        '--legacy-peer-deps',
      ],
      {
        cwd: project,
        timeout: 60_000,
      },
    );

    const installed = join(project, 'node_modules/@kirish/widget');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      version: string;
      exports: Record<string, { types: string; default: string }>;
    };
    expect(manifest.version).toBe(version);
    for (const entry of ['.', './react']) {
      expect(existsSync(join(installed, manifest.exports[entry]?.types ?? 'none')), `${entry} types`).toBe(true);
      expect(existsSync(join(installed, manifest.exports[entry]?.default ?? 'none')), `${entry} module`).toBe(true);
    }
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('@kirish/widget'); console.log(typeof m.readMessage)"],
      { cwd: project },
    );
    expect(stdout.trim()).toBe('function');

    // A partner's TypeScript finds the component's props and the protocol's types through the exports map.
    writeFileSync(
      join(project, 'sign-in.ts'),
      [
        "import type { KirishLoginProps, KirishTokens } from '@kirish/widget/react';",
        "import { readMessage } from '@kirish/widget';",
        "export const props: KirishLoginProps = { clientId: 'shop', ssoOrigin: 'https://id.example.uz', onToken: (tokens: KirishTokens) => tokens.access_token };",
        'export const nothing = readMessage(null);',
        '',
      ].join('\n'),
    );
    const typecheck = run(
      process.execPath,
      [
        TSC,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        'sign-in.ts',
      ],
      { cwd: project },
    );
    await expect(typecheck).resolves.toBeDefined();
  }, 90_000);
});
