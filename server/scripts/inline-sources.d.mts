/** The types of inline-sources.mjs, for the tests that import it. */
export interface InlineSources {
  /** Hash sources (`'sha256-…'`) of the page's inline script elements that script-src governs. */
  scripts: string[];
  /** Hash sources of its inline style elements. */
  styles: string[];
  /** Inline event handlers, style attributes and javascript: URLs, each as found. */
  refused: string[];
}

export function inlineSources(html: string): InlineSources;
