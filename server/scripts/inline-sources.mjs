/**
 * What a built page runs or styles inline, for its Content-Security-Policy (docs/decisions.md,
 * Hardening). The policy has no 'unsafe-inline': an inline <script> or <style> runs only if the
 * policy lists the hash of its text (CSP Level 3, "hash-source" and "Does element match source list
 * for type and source?"), which this computes at build time, where the pages are fixed. Inline event
 * handlers, style attributes and javascript: URLs could only be allowed by 'unsafe-hashes', a
 * weakening the site does without: they are reported back, and the build refuses the page.
 *
 * A script element whose type is not JavaScript, a module, an import map or speculation rules is a
 * data block (HTML, "prepare the script element"): never executed and never checked by script-src,
 * so the prerendered pages' texts (`<script type="application/json">`) need no hash.
 */
import { createHash } from 'node:crypto';

/** Script types that are executed or parsed by the browser, so script-src governs them inline. */
const GOVERNED_SCRIPT_TYPE =
  /^(|module|importmap|speculationrules|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript|application\/x-javascript|application\/x-ecmascript|text\/x-javascript|text\/x-ecmascript|text\/jscript|text\/livescript|text\/javascript1\.[0-5])$/i;

function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** The source expression of a text's SHA-256: the HTML parser has already turned CR LF into LF. */
function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

/**
 * `scripts` and `styles`: the hash sources of the page's inline script and style elements;
 * `refused`: each inline handler, style attribute or javascript: URL, as written.
 */
export function inlineSources(html) {
  const scripts = new Set();
  const styles = new Set();
  const rest = html
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (_, attributes, text) => {
      const type = (attribute(attributes, 'type') ?? '').trim();
      if (attribute(attributes, 'src') === null && GOVERNED_SCRIPT_TYPE.test(type)) scripts.add(hashSource(text));
      return `<script${attributes}>`;
    })
    .replace(/<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi, (_, attributes, text) => {
      styles.add(hashSource(text));
      return `<style${attributes}>`;
    });
  const refused = [];
  for (const [tag] of rest.matchAll(/<[a-z][^>]*>/gi)) {
    for (const [found] of tag.matchAll(
      /\s(?:on[a-z]+|style)\s*=|\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/gi,
    )) {
      refused.push(`${found.trim()} in ${tag.slice(0, 120)}`);
    }
  }
  return { scripts: [...scripts].toSorted(), styles: [...styles].toSorted(), refused };
}
