/** The types of markdown.mjs, for vite.config.ts and the tests that import it. */

/** One line (or a few joined) of inline markdown as HTML. */
export function inlineHtml(text: string): string;

/** GitHub's heading id for a heading's text. */
export function headingId(text: string): string;

/** The whole document as HTML. */
export function markdownToHtml(markdown: string): string;
