/**
 * The published `@kirish/widget` package (dist/widget, `npm run build:widget`) holds only what a
 * partner needs: the loader, the protocol, the React component and their types — no tests and no
 * test support. It asks npm itself which files a publish would take, so the `files` list of
 * widget/dist-package.json and the build are checked together. `npm test` builds before it runs this.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WIDGET_DIST = fileURLToPath(new URL('../dist/widget/', import.meta.url));

/** The paths `npm publish dist/widget` would put in the tarball. */
function packedFiles(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: WIDGET_DIST,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(output) as { files: { path: string }[] }[];
  return (pack?.files ?? []).map((file) => file.path).toSorted();
}

describe('the published @kirish/widget package', () => {
  const files = packedFiles();

  it('holds exactly the loader, the protocol, the React component, their types (with the contract types they name) and the manifest', () => {
    expect(files).toEqual([
      'contract/locales.d.ts',
      'contract/oauth-tokens.d.ts',
      'mount.d.ts',
      'package.json',
      'protocol.d.ts',
      'protocol.js',
      'react.d.ts',
      'react.js',
      'token-request.d.ts',
      'widget.js',
    ]);
  });

  it('holds no test, no test support and no precompressed copy', () => {
    expect(files.filter((file) => /(^|\/)test-support\/|\.test\.|\.spec\.|\.(br|gz)$/.test(file))).toEqual([]);
  });

  it('leaves no test support in the built folder either, which the SSO serves under /widget/', () => {
    const built = readdirSync(WIDGET_DIST, { recursive: true, encoding: 'utf8' });

    expect(built.filter((file) => /test-support|\.test\.|\.spec\./.test(file))).toEqual([]);
  });

  it('resolves every relative import of its modules and types inside the package', () => {
    const modules = files.filter((file) => /\.(js|d\.ts)$/.test(file));
    // Nothing reaches out of the package (the contract's types are copied in as contract/*.d.ts).
    expect(modules.filter((file) => /from\s+["']\.\.\//.test(readFileSync(`${WIDGET_DIST}${file}`, 'utf8')))).toEqual(
      [],
    );
    const relative = modules.flatMap((file) =>
      [...readFileSync(`${WIDGET_DIST}${file}`, 'utf8').matchAll(/from\s+["'](\.\/[^"']+)["']/g)].map(
        (match) => match[1] ?? '',
      ),
    );

    expect(relative.length).toBeGreaterThan(0);
    for (const specifier of relative) {
      const base = specifier.slice(2).replace(/\.js$/, '');
      expect(files.includes(`${base}.js`) || files.includes(`${base}.d.ts`), specifier).toBe(true);
    }
  });
});
