/**
 * The build step that finds what a page runs or styles inline, for the pages' Content-Security-Policy
 * (server/scripts/inline-sources.mjs, docs/decisions.md, Hardening).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineSources } from '../server/scripts/inline-sources.mjs';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineSources', () => {
  it('finds nothing inline in a page of external scripts, styles and a data block', () => {
    const page = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="stylesheet" href="/assets/index.css"><link rel="icon" href="data:image/svg+xml,%3Csvg%3E"></head>
      <body><div id="root"><button class="primary" type="submit" disabled="">Kirish</button></div>
      <script type="application/json" id="kirish-texts">{"texts":{"a":"\\u003cb>"}}</script></body></html>`;
    expect(inlineSources(page)).toEqual({ scripts: [], styles: [], refused: [] });
  });

  it('hashes each inline script and style element as the browser reads its text (CR LF as LF)', () => {
    const page =
      '<script>window.a = 1;</script><script type="module">import "x";\r\n</script><script type="importmap">{}</script><style>p{color:red}</style>';
    expect(inlineSources(page)).toEqual({
      scripts: [sha256('window.a = 1;'), sha256('import "x";\n'), sha256('{}')].toSorted(),
      styles: [sha256('p{color:red}')],
      refused: [],
    });
  });

  it('refuses inline handlers, style attributes and javascript: URLs, which only unsafe-hashes could allow', () => {
    const page =
      '<img src="/a.png" onerror="alert(1)"><p style="color:red">x</p><a href="javascript:alert(1)">y</a><a href="/ok">onclick=z</a>';
    const { refused } = inlineSources(page);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toContain('onerror=');
    expect(refused[1]).toContain('style=');
    expect(refused[2]).toContain('javascript:');
  });
});
