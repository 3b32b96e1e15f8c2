/**
 * The repository speaks only of what it holds (issue 34): no tracked file cites a document outside
 * it, every docs/<name>.md named anywhere exists, every `docs/product.md §N` names a section that
 * docs/product.md has, and a section quoted after a doc's name (docs/decisions.md, "Device id") is
 * in that doc.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '..');
const SKIPPED = [/(^|\/)node_modules\//, /(^|\/)dist\//, /(^|\/)package-lock\.json$/];

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !SKIPPED.some((pattern) => pattern.test(file)) && existsSync(join(REPO, file)));
const texts = tracked.flatMap((file) => {
  const text = readFileSync(join(REPO, file), 'utf8');
  return text.includes('\0') ? [] : [{ file, text }];
});

/** Every match of `pattern` in the tracked files, as "file:line: match". */
function findAll(pattern: RegExp, keep: (match: RegExpMatchArray) => boolean = () => true): string[] {
  return texts.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)]
      .filter(keep)
      .map((match) => `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`),
  );
}

// Written in pieces so that this file does not match itself.
const OUTSIDE = new RegExp(`\\b(${['SP', 'EC'].join('')}\\b|${['DE', 'SIGN'].join('')}(\\.md|\\s*§))`, 'g');
const DOC = /(?<![\w/.-])docs\/([\w.-]+)\.md\b/g;
const PRODUCT_CITATION = /docs\/product\.md,?\s+§(\d+)((?:\s*(?:,|\/|and|or)\s*§\d+)*)/g;
const QUOTED_SECTION = /(?<![\w/.-])docs\/([\w.-]+)\.md,?\s+["“]([^"”\n]+)["”]/g;

const productSections = new Set(
  [...readFileSync(join(REPO, 'docs/product.md'), 'utf8').matchAll(/^## (\d+) /gm)].map((match) => Number(match[1])),
);

/** A `docs/product.md §N, §M` citation naming a section the file does not have. */
const missingSection = (match: RegExpMatchArray) =>
  [match[1], ...[...(match[2] ?? '').matchAll(/§(\d+)/g)].map((more) => more[1])].some(
    (section) => !productSections.has(Number(section)),
  );

/** A `docs/<name>.md, "Section"` quote whose text is not in that doc. */
const absentQuote = (match: RegExpMatchArray) => {
  const doc = join(REPO, 'docs', `${match[1]}.md`);
  return !existsSync(doc) || !readFileSync(doc, 'utf8').includes(match[2] ?? '');
};

describe('references inside the repository', () => {
  it('finds the tracked files', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(productSections.size).toBeGreaterThan(5);
  });

  it('cites no specification or design file the repository does not hold', () => {
    expect(findAll(OUTSIDE)).toEqual([]);
  });

  it('names only docs that exist', () => {
    expect(findAll(DOC, (match) => !existsSync(join(REPO, 'docs', `${match[1]}.md`)))).toEqual([]);
  });

  it('cites only sections docs/product.md has', () => {
    expect(findAll(PRODUCT_CITATION, missingSection)).toEqual([]);
  });

  it('quotes only sections that are in the doc named', () => {
    expect(findAll(QUOTED_SECTION, absentQuote)).toEqual([]);
  });
});
