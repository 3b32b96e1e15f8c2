/**
 * The widget build's promises (issue 4): the loader is one dependency-free IIFE of at most 2 kB gzip,
 * and the React wrapper is ES modules with React left to the partner (a peer dependency) and with
 * its types. `npm test` builds before it runs this.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const WIDGET_DIST = fileURLToPath(new URL('../dist/widget/', import.meta.url));
const LOADER_BUDGET_BYTES = 2048;
/** React and react-dom are well over 100 kB minified; the wrapper alone is a few kB. */
const WRAPPER_CEILING_BYTES = 10_000;

const read = (file: string) => readFileSync(`${WIDGET_DIST}${file}`, 'utf8');

describe('the widget build', () => {
  it('ships exactly the loader, the protocol and the React wrapper as JavaScript: no chunks', () => {
    const scripts = readdirSync(WIDGET_DIST).filter((file) => file.endsWith('.js'));

    expect(scripts.toSorted()).toEqual(['protocol.js', 'react.js', 'widget.js']);
  });

  it('makes the loader one IIFE of at most 2 kB gzip that imports and exports nothing', () => {
    const loader = read('widget.js');
    const bytes = gzipSync(loader, { level: constants.Z_BEST_COMPRESSION }).length;
    console.log(`widget loader: ${bytes} B gzip, ${loader.length} B minified (budget ${LOADER_BUDGET_BYTES} B)`);

    expect(loader).toMatch(/^\(function\(\)\{/);
    expect(loader).not.toMatch(/\bimport\b|\bexport\b|\brequire\(/);
    expect(loader).toContain('window.Kirish=');
    expect(bytes).toBeGreaterThan(500); // less would mean the loader lost its code, not that it got small
    expect(bytes).toBeLessThanOrEqual(LOADER_BUDGET_BYTES);
  });

  it('leaves React out of the wrapper and imports it instead', () => {
    const wrapper = read('react.js');

    expect(wrapper).toMatch(/from ["']react["']/);
    expect(wrapper).toMatch(/from ["']react\/jsx-runtime["']/);
    expect(wrapper).not.toMatch(
      /__REACT_DEVTOOLS_GLOBAL_HOOK__|Minified React error|react\.element|react-dom\.production/,
    );
    expect(wrapper.length).toBeLessThan(WRAPPER_CEILING_BYTES);
  });

  it('types the wrapper: KirishLogin and KirishLoginProps are exported from react.d.ts', () => {
    const types = read('react.d.ts');

    expect(types).toMatch(/export declare function KirishLogin\b/);
    expect(types).toMatch(/export interface KirishLoginProps\b/);
    expect(types).toMatch(/export type \{[^}]*\bKirishTokens\b/);
  });

  it('describes the @kirish/widget package, with React as its peer and every exported file present', () => {
    const manifest = JSON.parse(read('package.json')) as {
      name: string;
      type: string;
      exports: Record<string, { types: string; default: string }>;
      peerDependencies: Record<string, string>;
    };

    expect(manifest.name).toBe('@kirish/widget');
    expect(manifest.type).toBe('module');
    expect(manifest.peerDependencies).toEqual({ react: '>=18' });
    expect(Object.keys(manifest.exports)).toEqual(['.', './react']);
    for (const entry of Object.values(manifest.exports)) {
      for (const file of [entry.types, entry.default]) expect(existsSync(`${WIDGET_DIST}${file}`), file).toBe(true);
    }
  });
});
