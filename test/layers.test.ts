/**
 * The layer rules of .dependency-cruiser.cjs bite: `npm run lint` runs them over the real tree and
 * finds nothing, which alone cannot tell a kept rule from a rule that matches no file. Here the same
 * config cruises a small tree with the repository's folder names, where each planted import breaks one
 * rule and a few allowed ones break none; the output must name each broken rule and say why.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'kirish-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plant = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
writeFileSync(
  join(root, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
);
symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');

// The targets, each importing nothing.
for (const file of [
  'server/src/contract/errors.ts',
  'server/src/lib/clock.ts',
  'server/src/config/config.ts',
  'server/src/storage/storage.ts',
  'server/src/services/session-service.ts',
  'server/src/middleware/require-auth.ts',
  'server/src/features/sessions/session-routes.ts',
  'server/src/site/static-site.ts',
  'server/src/test-support/test-server.ts',
  'server/src/standin/standin.ts',
  'src/lib/format.ts',
  'src/components/button.tsx',
  'src/features/security/security-screen.tsx',
  'src/app/routes.ts',
  'widget/protocol.ts',
  'widget/mount.ts',
])
  plant(file, 'export const value = 1;\n');

// Allowed: a feature takes its own folder and any lower layer; lib takes the contract; the SPA takes the protocol.
plant(
  'server/src/features/personal/address-routes.ts',
  "import './address-model.js';\nimport '../../services/session-service.js';\nimport '../../lib/clock.js';\n",
);
plant(
  'server/src/features/personal/address-model.ts',
  "import type { value } from '../../contract/errors.js';\nexport type V = typeof value;\n",
);
plant(
  'server/src/lib/errors.ts',
  "import type { value } from '../contract/errors.js';\nexport type V = typeof value;\n",
);
plant(
  'src/features/oauth/relay.ts',
  "import '../../../widget/protocol.js';\nimport '../../../server/src/contract/errors.js';\nimport '../../lib/format.js';\n",
);

/** Each planted file breaks exactly the rule named, by importing the target. */
const BROKEN = [
  {
    rule: 'server-features-imports-only-below',
    from: 'server/src/features/accounts/login-routes.ts',
    to: 'server/src/features/sessions/session-routes.ts',
    why: 'sibling',
  },
  {
    rule: 'server-storage-imports-only-below',
    from: 'server/src/storage/planted.ts',
    to: 'server/src/services/session-service.ts',
    why: 'Imports point down',
  },
  {
    rule: 'server-lib-imports-only-below',
    from: 'server/src/lib/planted.ts',
    to: 'server/src/config/config.ts',
    why: 'lib/ imports only itself',
  },
  {
    rule: 'server-middleware-imports-only-below',
    from: 'server/src/middleware/planted.ts',
    to: 'server/src/features/sessions/session-routes.ts',
    why: 'middleware/ imports only',
  },
  {
    rule: 'server-features-imports-only-below',
    from: 'server/src/features/check/planted.ts',
    to: 'server/src/site/static-site.ts',
    why: 'a feature imports only',
  },
  {
    rule: 'server-test-support-only-in-tests',
    from: 'server/src/services/planted.ts',
    to: 'server/src/test-support/test-server.ts',
    why: 'left out of the build',
  },
  {
    rule: 'server-standin-imports-only-lib',
    from: 'server/src/standin/planted.ts',
    to: 'server/src/services/session-service.ts',
    why: 'Kirish meets it over HTTP only',
  },
  {
    rule: 'server-features-imports-only-below',
    from: 'server/src/features/check/standin-planted.ts',
    to: 'server/src/standin/standin.ts',
    why: 'never main.ts',
  },
  {
    rule: 'contract-imports-only-itself',
    from: 'server/src/contract/planted.ts',
    to: 'server/src/lib/clock.ts',
    why: 'the browser reads it',
  },
  {
    rule: 'spa-features-imports-only-below',
    from: 'src/features/personal/planted.tsx',
    to: 'src/features/security/security-screen.tsx',
    why: 'sibling',
  },
  {
    rule: 'spa-lib-imports-only-below',
    from: 'src/lib/planted.ts',
    to: 'src/components/button.tsx',
    why: 'lib/ imports only itself',
  },
  {
    rule: 'spa-components-imports-only-below',
    from: 'src/components/planted.tsx',
    to: 'src/app/routes.ts',
    why: 'components/ imports only',
  },
  {
    rule: 'browser-imports-only-the-contract',
    from: 'src/lib/server-planted.ts',
    to: 'server/src/lib/clock.ts',
    why: 'no server code or package enters a bundle',
  },
  {
    rule: 'widget-imports-nothing-of-the-spa',
    from: 'widget/planted.ts',
    to: 'src/lib/format.ts',
    why: "the SPA may take the widget's protocol",
  },
  {
    rule: 'spa-imports-only-the-widget-protocol',
    from: 'src/lib/widget-planted.ts',
    to: 'widget/mount.ts',
    why: 'built and versioned apart',
  },
];
for (const { from, to } of BROKEN) {
  const up = dirname(from)
    .split('/')
    .map(() => '..');
  plant(from, `import '${[...up, to.replace(/\.tsx?$/, '.js')].join('/')}';\n`);
}
plant('src/lib/cycle-a.ts', "import './cycle-b.js';\nexport const a = 1;\n");
plant('src/lib/cycle-b.ts', "import type { a } from './cycle-a.js';\nexport type A = typeof a;\n");
plant('src/features/personal/direct-http.ts', "import redaxios from 'redaxios';\nexport const http = redaxios;\n");

type Result = {
  summary: {
    violations: { from: string; to: string; rule: { name: string } }[];
    ruleSetUsed: { forbidden: { name: string; comment: string }[] };
  };
};
const depcruise = (outputType: string) => {
  try {
    return execFileSync(
      process.execPath,
      [
        join(REPO, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        '-c',
        join(REPO, '.dependency-cruiser.cjs'),
        '-T',
        outputType,
        'src',
        'widget',
        'server/src',
      ],
      { cwd: root, encoding: 'utf8' },
    );
  } catch (error) {
    return (error as { stdout: string }).stdout; // it exits non-zero on a violation, as lint should
  }
};

describe('the layers of .dependency-cruiser.cjs', () => {
  const { summary } = JSON.parse(depcruise('json')) as Result;
  const found = summary.violations.map(({ from, to, rule }) => `${rule.name}: ${from} → ${to}`);
  const comment = (rule: string) => summary.ruleSetUsed.forbidden.find(({ name }) => name === rule)?.comment ?? '';

  it.each(BROKEN)('$rule refuses $from → $to, saying why', ({ rule, from, to, why }) => {
    expect(found).toContain(`${rule}: ${from} → ${to}`);
    expect(comment(rule)).toContain(why);
  });

  it('refuses a cycle, type imports included, and a library imported past its wrapper', () => {
    expect(found).toContain('no-cycle: src/lib/cycle-a.ts → src/lib/cycle-b.ts');
    expect(
      found.find((line) => line.startsWith('one-wrapper-redaxios: src/features/personal/direct-http.ts → ')),
    ).toBeDefined();
    expect(comment('one-wrapper-redaxios')).toContain('only src/lib/http.ts imports redaxios');
  });

  it('lets a feature import its own folder and the layers below, and lib the contract', () => {
    const allowed = found.filter((line) =>
      /: (server\/src\/features\/personal|server\/src\/lib\/errors|src\/features\/oauth)/.test(line),
    );
    expect(allowed).toEqual([]);
    expect(found).toHaveLength(BROKEN.length + 2); // the planted ones and nothing else
  });

  it('is run by npm run lint over every source root, so these rules guard the real tree', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const cruise = scripts.lint?.split('&&').find((command) => command.trim().startsWith('depcruise')) ?? '';
    expect(cruise).toContain('--config .dependency-cruiser.cjs');
    expect(cruise.trim().split(/\s+/)).toEqual(
      expect.arrayContaining(['src', 'widget', 'demo', 'server/src', 'server/scripts', 'test']),
    );
  });

  it('prints the rule and its reason with each violation, as npm run lint shows it', () => {
    const text = depcruise('err-long');
    expect(text).toContain(
      'error server-storage-imports-only-below: server/src/storage/planted.ts → server/src/services/session-service.ts',
    );
    expect(text).toMatch(/Layers \(docs\/architecture\.md\): on the server,\s+storage\/ imports only itself/);
  });
});
