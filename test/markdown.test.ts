/**
 * The build's markdown converter (server/scripts/markdown.mjs), which turns docs/partners.md into
 * the partner guide's page: every text escaped, links only to `#…` and http(s), GitHub's heading ids
 * — every `#…` link of the guide lands on a heading — and the guide's tables, lists and code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headingId, inlineHtml, markdownToHtml } from '../server/scripts/markdown.mjs';

const GUIDE = readFileSync(new URL('../docs/partners.md', import.meta.url), 'utf8');

describe('markdownToHtml', () => {
  it('escapes markup in text, code spans and code blocks: nothing in the file becomes an element', () => {
    const html = markdownToHtml(
      'Add <origin> & <script>alert(1)</script> `<img src=x onerror=alert(1)>`\n\n```html\n<script>evil()</script>\n```\n',
    );

    expect(html).toBe(
      '<p>Add &lt;origin&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; <code>&lt;img src=x onerror=alert(1)&gt;</code></p>\n' +
        '<pre tabindex="0"><code class="language-html">&lt;script&gt;evil()&lt;/script&gt;</code></pre>\n',
    );
  });

  it('links only to a section or an http(s) address; anything else stays text', () => {
    expect(inlineHtml('[a](#kirishmount) [b](https://x.uz/?a=1&b="2") [c](javascript:void) [`d`](api.md)')).toBe(
      '<a href="#kirishmount">a</a> <a href="https://x.uz/?a=1&amp;b=&quot;2&quot;">b</a> c <code>d</code>',
    );
  });

  it('gives headings GitHub’s ids, numbered when repeated', () => {
    expect(headingId('Already signed in to Kirish: one click, in every browser')).toBe(
      'already-signed-in-to-kirish-one-click-in-every-browser',
    );
    expect(headingId('`Kirish.mount`')).toBe('kirishmount');
    expect(markdownToHtml('## 1. Register\n\n## 1. Register\n')).toBe(
      '<h2 id="1-register">1. Register</h2>\n<h2 id="1-register-1">1. Register</h2>\n',
    );
  });

  it('makes tables with escaped pipes, lists with continuation lines, strong and emphasis', () => {
    const html = markdownToHtml(
      "| a | b |\n| --- | --- |\n| `'x' \\| 'y'` | **B** *c* |\n\n1. one\n   more\n2. two\n\n- x\n\n- y\n",
    );

    expect(html).toContain("<td><code>'x' | 'y'</code></td><td><strong>B</strong> <em>c</em></td>");
    expect(html).toContain('<ol>\n<li>one\nmore</li>\n<li>two</li>\n</ol>');
    expect(html).toContain('<ul>\n<li>x</li>\n<li>y</li>\n</ul>');
  });

  it('renders docs/partners.md with every `#…` link landing on a heading, and every code block', () => {
    const html = markdownToHtml(GUIDE);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);

    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
    expect(html.match(/<pre /g)?.length).toBe(GUIDE.match(/^```\w*$/gm)!.length / 2);
    expect(html).not.toMatch(/<(?!\/?(h[1-6]|p|a|code|pre|strong|em|ul|ol|li|div|table|thead|tbody|tr|th|td)[\s>])/);
  });
});
