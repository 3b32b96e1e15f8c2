/**
 * The help centre's Markdown subset (issue 38), parsed into the contract's blocks once at start.
 * What it knows, and nothing more: a front matter of `key: value` lines between `---` lines, one
 * `# Title`, `## Heading {#anchor}` and `### Heading {#anchor}`, paragraphs, `- ` and `1. ` lists,
 * and inside text `**strong**`, `*emphasis*` and `[text](href)`.
 *
 * No HTML passes: the output is data, never markup, and every character of the text, a `<` included,
 * stays text for the SPA to render as a text node. A link keeps its href only when it is a path under
 * /help-center/ or an https URL; any other (javascript:, data:, //host, http:) becomes plain text,
 * so an article can never point a reader at a script or off to an unencrypted page.
 */
import type { HelpBlock, HelpInline } from '../contract/help.js';

export interface ParsedArticle {
  meta: Record<string, string>;
  title: string;
  blocks: HelpBlock[];
}

const SAFE_HELP_PATH = /^\/help-center\/[a-z0-9-]+\/?(#[a-z0-9-]+)?$/;
const ANCHOR = /^[a-z0-9-]+$/;

/** Whether an article may link to `href`: a help-centre path (with an optional anchor) or https. */
export function isSafeHelpHref(href: string): boolean {
  if (SAFE_HELP_PATH.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && href.startsWith('https://') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): HelpInline[] {
  const out: HelpInline[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += value;
    else out.push({ kind: 'text', text: value });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    pushText(text.slice(at, match.index));
    const [whole, strong, em, linkText, href] = match;
    if (strong !== undefined) out.push({ kind: 'strong', text: strong });
    else if (em !== undefined) out.push({ kind: 'em', text: em });
    else if (linkText !== undefined && href !== undefined && isSafeHelpHref(href))
      out.push({ kind: 'link', text: linkText, href });
    else pushText(linkText ?? whole);
    at = match.index + whole.length;
  }
  pushText(text.slice(at));
  return out;
}

function frontMatter(lines: string[]): { meta: Record<string, string>; rest: string[] } {
  const meta: Record<string, string> = {};
  if (lines[0]?.trim() !== '---') return { meta, rest: lines };
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new Error('The front matter has no closing ---');
  for (const line of lines.slice(1, end)) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { meta, rest: lines.slice(end + 1) };
}

const HEADING = /^(#{1,3}) (.+?)(?: \{#([^}]*)\})?$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d+\. (.*)$/;

export function parseHelpMarkdown(source: string): ParsedArticle {
  const { meta, rest } = frontMatter(source.replace(/\r\n?/g, '\n').split('\n'));
  const blocks: HelpBlock[] = [];
  let title = '';
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = undefined;
  };
  let headings = 0;
  for (const raw of rest) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      const [, hashes = '', text = '', anchor] = heading;
      if (hashes.length === 1) title = text;
      else {
        headings += 1;
        const id = anchor !== undefined && ANCHOR.test(anchor) ? anchor : `section-${headings}`;
        blocks.push({ kind: 'heading', level: hashes.length === 2 ? 2 : 3, id, text });
      }
    } else if (bullet && paragraph.length === 0) {
      const ordered = !BULLET.test(line);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(bullet[1] ?? '');
    } else if (list && paragraph.length === 0) {
      // A line under a list item continues it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  if (title === '') throw new Error('An article needs a # title');
  return { meta, title, blocks };
}

/** The words of the blocks, for the search over an article's text. */
const inline = (content: readonly HelpInline[]) => content.map((part) => part.text).join('');

export function plainText(blocks: readonly HelpBlock[]): string {
  return blocks
    .map((block) =>
      block.kind === 'heading'
        ? block.text
        : block.kind === 'paragraph'
          ? inline(block.content)
          : block.items.map(inline).join(' '),
    )
    .join(' ');
}
