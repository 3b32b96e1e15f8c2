/**
 * The shape of the code (issue 20, docs/architecture.md), read from the files themselves: no import
 * cycle at file level, type imports included; the layers' import rules on resolved paths (oxlint
 * checks them on the import's text, this test also catches dynamic imports and any depth); no
 * source file over 350 lines; no test code in server/dist. `npm test` builds before it runs this.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..');
const GRAPH_ROOTS = ['src', 'widget', 'server/src'];
const SOURCE_ROOTS = ['src', 'widget', 'demo', 'server/src', 'server/scripts', 'test'];
const CODE = /\.(ts|tsx|js|mjs)$/;
const MAX_LINES = 350;
// Tests are code too and held to the limit; migrations and JSON are data.
const LONG_BY_NATURE = [/(^|\/)migrations(\.ts$|\/)/, /\.json$/];

const filesUnder = (root: string): string[] =>
  existsSync(join(REPO, root))
    ? readdirSync(join(REPO, root), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(REPO, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
        .filter((file) => !file.includes('node_modules/'))
    : [];
const isFile = (file: string) => existsSync(join(REPO, file)) && statSync(join(REPO, file)).isFile();
const read = (file: string) => readFileSync(join(REPO, file), 'utf8');

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`; type imports included.
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = relative(REPO, resolve(join(REPO, dirname(from)), specifier)).replaceAll('\\', '/');
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, base, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(isFile);
}

/** Every file of src, widget and server/src with the files it imports by a relative path. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of GRAPH_ROOTS.flatMap(filesUnder).filter((path) => CODE.test(path))) {
    const targets = [...read(file).matchAll(SPECIFIER)]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components (Tarjan): each one with more than one file holds a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do component.push((member = stack.pop()!));
      while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.toSorted());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One concrete path around a component, for the failure message: a → b → a. */
function loopThrough(graph: Map<string, string[]>, component: string[]): string {
  const inside = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start].join(' → ');
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return component.join(', ');
}

const folderOf = (file: string, layer: string) => file.match(new RegExp(`^${layer}/([^/]+)/`))?.[1];
const LAYER_RULES: { rule: string; breaks: (from: string, to: string) => boolean }[] = [
  {
    rule: 'a server feature imports no other feature',
    breaks: (from, to) =>
      !!folderOf(from, 'server/src/features') &&
      !!folderOf(to, 'server/src/features') &&
      folderOf(from, 'server/src/features') !== folderOf(to, 'server/src/features'),
  },
  {
    rule: 'server middleware, lib, storage, config and services import no feature',
    breaks: (from, to) => /^server\/src\/(middleware|lib|storage|config|services)\//.test(from) && to.startsWith('server/src/features/'),
  },
  {
    rule: 'server lib imports nothing of the application but the contract',
    breaks: (from, to) => from.startsWith('server/src/lib/') && to.startsWith('server/src/') && !/^server\/src\/(lib|contract)\//.test(to),
  },
  {
    rule: 'the contract imports nothing outside itself',
    // But error-keys.ts, whose type import of the English catalogue makes its keys a type (erased from every bundle).
    breaks: (from, to) =>
      from.startsWith('server/src/contract/') &&
      !to.startsWith('server/src/contract/') &&
      !(from === 'server/src/contract/error-keys.ts' && to === 'server/src/locales/en.json'),
  },
  {
    rule: 'an SPA feature imports no other feature',
    breaks: (from, to) => !!folderOf(from, 'src/features') && !!folderOf(to, 'src/features') && folderOf(from, 'src/features') !== folderOf(to, 'src/features'),
  },
  {
    rule: 'SPA lib, components and config import no feature and no app',
    breaks: (from, to) => /^src\/(lib|components|config)\//.test(from) && /^src\/(features|app)\//.test(to),
  },
  { rule: 'the widget imports nothing of the SPA', breaks: (from, to) => from.startsWith('widget/') && to.startsWith('src/') },
];

describe('the structure of the code', () => {
  const graph = importGraph();

  it('reads the import graph of src, widget and server/src', () => {
    expect(graph.size).toBeGreaterThan(300); // fewer means the walk missed a root
    expect([...graph.values()].flat().length).toBeGreaterThan(1000); // fewer means the regex missed imports
  });

  it('has no import cycle at file level, type imports included', () => {
    const loops = cycles(graph).map((component) => loopThrough(graph, component));
    expect(loops, `import cycles (each cycle shown once, through its first file):\n${loops.join('\n')}\n`).toEqual([]);
  });

  for (const { rule, breaks } of LAYER_RULES) {
    it(`keeps the layers: ${rule}`, () => {
      const offenders = [...graph].flatMap(([from, targets]) => targets.filter((to) => breaks(from, to)).map((to) => `${from} imports ${to}`));
      expect(offenders, `${rule}, but:\n${offenders.join('\n')}\n`).toEqual([]);
    });
  }

  it(`keeps every source file, tests included, at most ${MAX_LINES} lines, migrations and data aside`, () => {
    const long = SOURCE_ROOTS.flatMap(filesUnder)
      .filter((file) => /\.(ts|tsx|js|mjs|css)$/.test(file) && !LONG_BY_NATURE.some((pattern) => pattern.test(file)))
      .map((file) => ({ file, lines: read(file).trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, `split these by concept (docs/architecture.md):\n${long.join('\n')}\n`).toEqual([]);
  });

  it('ships no test code in server/dist', () => {
    expect(existsSync(join(REPO, 'server/dist')), 'server/dist exists (npm run build:server)').toBe(true);
    const testCode = filesUnder('server/dist').filter(
      (file) =>
        /(\.test\.|-contract\.|\/contract-records\.)/.test(file) ||
        file.includes('/test-support/') ||
        file.includes('/storage/contract/') ||
        (file.endsWith('.js') && /\bfrom\s*['"]vitest['"]/.test(read(file))),
    );
    expect(
      testCode,
      `test code in server/dist (tsc keeps the outputs of deleted sources: the build must start from an empty dist):\n${testCode.join('\n')}\n`,
    ).toEqual([]);
  });

  it('repeats the browser guard in every layering override of .oxlintrc.json (oxlint keeps only the last matching override of a rule)', () => {
    type Override = { files: string[]; rules?: Record<string, [string, { patterns: { message?: string }[] }]> };
    const { overrides } = JSON.parse(read('.oxlintrc.json')) as { overrides: Override[] };
    const guardOf = (override: Override) =>
      JSON.stringify(override.rules?.['no-restricted-imports']?.[1].patterns.filter((pattern) => !pattern.message?.startsWith('Layers')));
    const browser = overrides.filter(
      (override) => override.rules?.['no-restricted-imports'] && override.files.every((glob) => /^(src|widget|demo)\//.test(glob)),
    );
    const isTests = (override: Override) => override.files.every((glob) => /test/.test(glob));
    const [plain, tests] = [browser.find((o) => !isTests(o)), browser.find(isTests)];
    const drifted = browser
      .filter((override) => guardOf(override) !== guardOf((isTests(override) ? tests : plain)!))
      .map((override) => override.files.join(', '));
    expect(drifted, `these overrides lost or changed the browser's server guard:\n${drifted.join('\n')}\n`).toEqual([]);
  });
});
