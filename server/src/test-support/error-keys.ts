/**
 * Finds the error keys the server's production source can emit, for the catalogue test: every
 * key an `ApiError`, a refusal helper or an error map names, read from the source as text.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

export const KEY_SHAPE = /^[a-z]+(_[a-z0-9]+)+$/;
/** In the first argument of badRequest/tooManyRequests every literal is a key, one word or not ('timeout'). */
export const ONE_WORD_OR_KEY_SHAPE = /^[a-z][a-z0-9_]*$/;

export function productionSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') files.push(...productionSourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files.toSorted();
}

/**
 * Two views of a source file, both as long as the file so that positions match: `code` has the
 * comments blanked out, `structure` also has the insides of string, template and regular-expression
 * literals blanked, so that patterns searched in it never match text inside a literal.
 */
export function views(source: string): { code: string; structure: string } {
  const code = source.split('');
  const structure = source.split('');
  const blank = (from: number, to: number, both: boolean) => {
    for (let k = from; k < to && k < source.length; k += 1) {
      if (source[k] === '\n') continue;
      structure[k] = ' ';
      if (both) code[k] = ' ';
    }
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop, true);
      i = stop;
    } else if (ch === '/' && next === '/') {
      const start = i;
      while (i < source.length && source[i] !== '\n') i += 1;
      blank(start, i, true);
    } else if (ch === "'" || ch === '"' || ch === '`') {
      const start = i;
      i += 1;
      while (i < source.length && source[i] !== ch) i += source[i] === '\\' ? 2 : 1;
      blank(start + 1, i, false);
      i += 1;
    } else if (ch === '/' && /(?:[=(,:!&|?;{}[\n]|\breturn)\s*$/.test(structure.slice(Math.max(0, i - 20), i).join(''))) {
      // A regular-expression literal: a slash where an operand may start.
      const start = i;
      i += 1;
      let inClass = false;
      while (i < source.length && (source[i] !== '/' || inClass)) {
        if (source[i] === '\\') i += 1;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i += 1;
      }
      blank(start + 1, i, false);
      i += 1;
    } else {
      i += 1;
    }
  }
  return { code: code.join(''), structure: structure.join('') };
}

/** The [start, end) ranges of the arguments of the call whose `(` is at `open`, split at top-level commas. */
export function argumentRanges(structure: string, open: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < structure.length; i += 1) {
    const ch = structure[i];
    if (ch === '(' || ch === '[' || ch === '{') depth += 1;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth -= 1;
      if (depth === 0) {
        if (structure.slice(start, i).trim() !== '') ranges.push([start, i]);
        return ranges;
      }
    } else if (ch === ',' && depth === 1) {
      ranges.push([start, i]);
      start = i + 1;
    }
  }
  throw new Error(`unbalanced call at ${open}`);
}

/** The key-shaped literals of `text`, leaving out operands of comparisons (`type === 'phone' ? … : …`). */
export function keyLiterals(text: string, shape = KEY_SHAPE): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)) {
    const start = m.index ?? 0;
    const compared = /[=!]=\s*$/.test(text.slice(0, start)) || /^\s*[=!]=/.test(text.slice(start + m[0].length));
    const value = m[1] ?? m[2] ?? '';
    if (!compared && shape.test(value)) keys.push(value);
  }
  return keys;
}

/** Every key-shaped literal in an emitting place, with the places (file and rule) it was found in. */
export function emittedKeys(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const note = (text: string, where: string, shape = KEY_SHAPE) => {
    for (const key of keyLiterals(text, shape)) found.set(key, [...(found.get(key) ?? []), where]);
  };
  for (const file of productionSourceFiles(SERVER_SRC)) {
    const { code, structure } = views(readFileSync(file, 'utf8'));
    const name = relative(SERVER_SRC, file).split(sep).join('/');
    for (const m of structure.matchAll(/\b(badRequest|tooManyRequests|new\s+TokenError)\s*\(/g)) {
      const [first] = argumentRanges(structure, (m.index ?? 0) + m[0].length - 1);
      if (first) note(code.slice(...first), `${name} ${m[1]}`, ONE_WORD_OR_KEY_SHAPE);
    }
    for (const m of structure.matchAll(/\b(error|key|\w+Key|message|detail|code)\??\s*(?::(?!:)|=(?![=>]))[^,;{}()\n]*(?:\([^()\n]*\)[^,;{}()\n]*)*/g)) {
      const start = m.index ?? 0;
      note(code.slice(start, start + m[0].length), `${name} ${m[1]}`);
    }
    for (const m of structure.matchAll(/\bv\.\w+\s*\(/g)) {
      const last = argumentRanges(structure, (m.index ?? 0) + m[0].length - 1).at(-1);
      const text = last ? code.slice(...last).trim() : '';
      if (/^'[^']*'$|^"[^"]*"$/.test(text)) note(text, `${name} valibot`);
    }
    for (const m of structure.matchAll(/\breturn\s+('[^'\n]*'|"[^"\n]*")\s*;/g)) {
      const start = m.index ?? 0;
      note(code.slice(start, start + m[0].length), `${name} return`);
    }
  }
  return found;
}
