/**
 * The shape of the code that no import rule can state (docs/architecture.md): no source file over 350
 * lines, and no test code in server/dist. The layers and cycles are .dependency-cruiser.cjs's, run by
 * `npm run lint` (test/layers.test.ts shows that its rules bite). `npm test` builds before it runs this.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['src', 'widget', 'demo', 'server/src', 'server/scripts', 'test'];
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
const read = (file: string) => readFileSync(join(REPO, file), 'utf8');

describe('the structure of the code', () => {
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
});
