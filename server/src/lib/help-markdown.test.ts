import { describe, expect, it } from 'vitest';
import { isSafeHelpHref, parseHelpMarkdown, parseInline } from './help-markdown.js';

const article = (body: string) => `---\nsection: legal\nsummary: s\n---\n# Title\n\n${body}\n`;

describe('the help centre Markdown subset', () => {
  it('reads the front matter, the title, anchored headings, paragraphs and both kinds of list', () => {
    const parsed = parseHelpMarkdown(
      article('## What we keep {#what-we-keep}\n\nOne line\nand the next.\n\n- a\n- **b**\n\n1. first\n2. second'),
    );
    expect(parsed.meta).toEqual({ section: 'legal', summary: 's' });
    expect(parsed.title).toBe('Title');
    expect(parsed.blocks).toEqual([
      { kind: 'heading', level: 2, id: 'what-we-keep', text: 'What we keep' },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'One line and the next.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'strong', text: 'b' }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
    ]);
  });

  it('never produces markup: a <script> in the text stays text, and no block is of any other kind', () => {
    const parsed = parseHelpMarkdown(
      article('<script>alert(1)</script>\n\n## <img src=x onerror=alert(1)> {#x}\n\n- <b>bold</b>'),
    );
    expect(parsed.blocks).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
      { kind: 'heading', level: 2, id: 'x', text: '<img src=x onerror=alert(1)>' },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: '<b>bold</b>' }]] },
    ]);
    const kinds = new Set(JSON.stringify(parsed.blocks).match(/"kind":"\w+"/g));
    expect([...kinds].toSorted()).toEqual(['"kind":"heading"', '"kind":"list"', '"kind":"paragraph"', '"kind":"text"']);
  });

  it('keeps a link only to a help-centre path or an https address; any other becomes its text', () => {
    expect(parseInline('see [terms](/help-center/terms#changes) and [x](https://t.me/kirish)')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'terms', href: '/help-center/terms#changes' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'x', href: 'https://t.me/kirish' },
    ]);
    for (const href of [
      'javascript:alert%281%29',
      'data:text/html,x',
      '//evil.example',
      'http://plain.example',
      '/login',
      'https://a:b@x.example',
    ])
      expect(parseInline(`[go](${href})`), href).toEqual([{ kind: 'text', text: 'go' }]);
    expect(isSafeHelpHref('/help-center/../login')).toBe(false);
  });

  it('gives a heading without a valid anchor a numbered one, and refuses an article without a title', () => {
    expect(parseHelpMarkdown(article('## Bad {#"onclick}')).blocks[0]).toEqual({
      kind: 'heading',
      level: 2,
      id: 'section-1',
      text: 'Bad',
    });
    expect(() => parseHelpMarkdown('no title here')).toThrow('title');
  });
});
