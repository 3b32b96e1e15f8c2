/**
 * The markdown of docs/partners.md as HTML, at build time (issue 34: the partner guide served by
 * Kirish, vite.config.ts imports it for the /developers/guide page). Only the subset the guide uses:
 * headings with GitHub's ids (the guide's own `#…` links point at them), paragraphs, `-` and `1.`
 * lists, pipe tables, fenced code, and inline code, links, `**bold**` and `*emphasis*`. Every text
 * and attribute is escaped, so nothing in the file can become markup or script on the page; a link
 * to anything but `#…`, `https:` or `http:` (a file of the repository, say) stays plain text.
 */

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Code span | link | strong | emphasis, leftmost first (CommonMark's precedence, simplified). */
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*/g;
const SAFE_HREF = /^(#|https?:\/\/)/;

/** One line (or a few joined) of inline markdown as HTML. */
export function inlineHtml(text) {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, label, href, strong, emphasis] = match;
    html += escapeHtml(text.slice(last, match.index));
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (label !== undefined)
      html += SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${inlineHtml(label)}</a>` : inlineHtml(label);
    else if (strong !== undefined) html += `<strong>${inlineHtml(strong)}</strong>`;
    else html += `<em>${inlineHtml(emphasis)}</em>`;
    last = match.index + whole.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** GitHub's heading id: the text without markup, lower case, punctuation dropped, spaces as hyphens. */
export function headingId(text) {
  const plain = text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*+/g, '');
  return plain
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A table row's cells: split at the pipes that are not escaped, `\|` then stands for a pipe. */
function cells(row) {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const FENCE = /^```(\w*)\s*$/;
const HEADING = /^(#{1,6}) (.+)$/;
const TABLE_RULE = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d+\. (.*)$/;

/** Whether `line` starts a block of its own (and so ends a paragraph). */
function startsBlock(line, next) {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    (line.startsWith('|') && TABLE_RULE.test(next ?? ''))
  );
}

/** The whole document as HTML. */
export function markdownToHtml(markdown) {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const html = [];
  const ids = new Map();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code = [];
      for (i += 1; i < lines.length && !/^```\s*$/.test(lines[i] ?? ''); i += 1) code.push(lines[i]);
      i += 1;
      const language = fence[1] ? ` class="language-${escapeHtml(fence[1])}"` : '';
      // Focusable, so that a keyboard can scroll a long line into view (WCAG 2.1.1).
      html.push(`<pre tabindex="0"><code${language}>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      const base = headingId(heading[2]);
      const seen = ids.get(base) ?? 0;
      ids.set(base, seen + 1);
      const id = seen === 0 ? base : `${base}-${seen}`;
      html.push(`<h${level} id="${escapeHtml(id)}">${inlineHtml(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (line.startsWith('|') && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows = [];
      for (i += 2; i < lines.length && (lines[i] ?? '').startsWith('|'); i += 1) rows.push(cells(lines[i]));
      const headHtml = head.map((cell) => `<th scope="col">${inlineHtml(cell)}</th>`).join('');
      const bodyHtml = rows
        .map((row) => `<tr>${row.map((cell) => `<td>${inlineHtml(cell)}</td>`).join('')}</tr>`)
        .join('\n');
      html.push(
        `<div class="guide-table" tabindex="0"><table>\n<thead><tr>${headHtml}</tr></thead>\n<tbody>\n${bodyHtml}\n</tbody>\n</table></div>`,
      );
      continue;
    }
    const marker = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (marker) {
      const items = [];
      while (i < lines.length) {
        const item = marker.exec(lines[i] ?? '');
        if (!item) break;
        const text = [item[1]];
        // Continuation lines are indented; a blank line ends the item, and the list unless another item follows.
        for (i += 1; i < lines.length && /^\s+\S/.test(lines[i] ?? ''); i += 1) text.push((lines[i] ?? '').trim());
        items.push(`<li>${inlineHtml(text.join('\n'))}</li>`);
        if ((lines[i] ?? '').trim() === '' && marker.test(lines[i + 1] ?? '')) i += 1;
      }
      const tag = marker === BULLET ? 'ul' : 'ol';
      html.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
      continue;
    }
    const paragraph = [line];
    for (
      i += 1;
      i < lines.length && (lines[i] ?? '').trim() !== '' && !startsBlock(lines[i] ?? '', lines[i + 1]);
      i += 1
    )
      paragraph.push(lines[i]);
    html.push(`<p>${inlineHtml(paragraph.join('\n'))}</p>`);
  }
  return `${html.join('\n')}\n`;
}
