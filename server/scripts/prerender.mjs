#!/usr/bin/env node
/**
 * The prerender step of `npm run build:app` (issue 9, first paint): for each page of
 * src/prerender.tsx and each locale, the built shell (dist/app/index.html) with the page's markup in
 * `#root`, the locale's texts beside it and its screen's chunk preloaded, written to
 * dist/app/prerendered/<page>.<locale>.html. The server picks one by path and locale; the browser
 * paints it at once and hydrates it (src/main.tsx).
 *
 * The texts travel as `<script type="application/json">`: data, never executed, so the page's
 * Content-Security-Policy needs no exception for it. `<` is escaped so no text can close the element.
 *
 * Last, it writes dist/app/csp-sources.json, what the server adds to the pages' policy
 * (docs/decisions.md, Hardening): the hosts other than its own that the site reaches, from the
 * build's configuration, and the hash of anything the shell or a prerendered page runs or styles
 * inline (none today). A page with an inline handler or style attribute fails the build.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { inlineSources } from './inline-sources.mjs';

// React's production build: the markup must be what the browser's production build hydrates.
process.env.NODE_ENV = 'production';

/**
 * Enter pressed in a prerendered form before its script is live does nothing by itself (the submit
 * button waits, so that the browser cannot send the form as a GET with the password in the address).
 * This keeps the intent, and the form sends itself once it is live (src/lib/early-submit.ts). The
 * page's CSP allows it by its hash (inline-sources.mjs), like any inline script.
 */
const EARLY_ENTER =
  '<script>addEventListener("keydown",function(e){var f=e.key==="Enter"&&e.target&&e.target.form;if(f&&f.querySelector("button[type=submit]:disabled"))window.kirishEarlySubmit=f},true)</script>';

const root = new URL('../../', import.meta.url);
const appDir = new URL('dist/app/', root);
const outDir = new URL('prerendered/', appDir);
const { renderPage, PRERENDERED_PAGES, LOCALES, LANGUAGE_TAGS, REACHED_ORIGINS } = await import(
  new URL('dist/prerender/prerender.js', root).href
);

const template = await readFile(new URL('index.html', appDir), 'utf8');
const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', appDir), 'utf8'));

/** The chunks a lazy screen needs beyond what the shell already loads, in load order. */
function chunksOf(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((imported) => chunksOf(imported, seen)), chunk.file];
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inject(html, { markup, locale, texts, preloads, embedded, title }) {
  const lang = LANGUAGE_TAGS[locale];
  const data = JSON.stringify({ locale, texts }).replace(/</g, '\\u003c');
  const links = preloads
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return (
    html
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"${embedded ? ' class="embedded"' : ''}`)
      // The page's title in its locale before the script runs (src/app/route-title.ts renames it after).
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `  ${links.join('\n    ')}\n    ${EARLY_ENTER}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="true">${markup}</div>`)
      // After the markup: the first paint does not wait for the texts' bytes.
      .replace('</body>', `  <script type="application/json" id="kirish-texts">${data}</script>\n  </body>`)
  );
}

await mkdir(outDir, { recursive: true });
const shellEntry = Object.values(manifest).find((chunk) => chunk.isEntry);
const shellChunks = new Set(chunksOf(Object.keys(manifest).find((key) => manifest[key] === shellEntry)));
const pages = new Map([['index.html', template]]);
for (const locale of LOCALES) {
  const texts = JSON.parse(await readFile(new URL(`server/src/locales/${locale}.json`, root), 'utf8'));
  for (const page of PRERENDERED_PAGES) {
    const markup = await renderPage({ path: page.path, locale, texts });
    const preloads = chunksOf(page.screen).filter((file) => !shellChunks.has(file));
    const embedded = page.path === '/embed';
    // The route's title as route-title.ts derives it: /login → title_login, "Sign in — Kirish";
    // /developers/guide → title_developers_guide.
    const name = page.path.slice(1).replaceAll('/', '_');
    const title = `${texts[`title_${name}`]} — ${texts.app_name}`;
    // A widget must not take the focus from the partner's page (Chromium refuses the attribute in a
    // cross-origin frame anyway, with a console error).
    const html = inject(template, {
      markup: embedded ? markup.replaceAll(' autofocus=""', '') : markup,
      locale,
      texts,
      preloads,
      embedded,
      title,
    });
    // One folder of pages: /developers/guide → developers-guide.en.html (server/src/site/static-site.ts).
    const file = `${page.path.slice(1).replaceAll('/', '-')}.${locale}.html`;
    await writeFile(new URL(file, outDir), html);
    pages.set(`prerendered/${file}`, html);
  }
}
console.log(`prerendered ${pages.size - 1} pages into dist/app/prerendered/`);

const scripts = new Set();
const styles = new Set();
const refused = [];
for (const [file, html] of pages) {
  const inline = inlineSources(html);
  inline.scripts.forEach((source) => scripts.add(source));
  inline.styles.forEach((source) => styles.add(source));
  refused.push(...inline.refused.map((found) => `dist/app/${file}: ${found}`));
}
if (refused.length > 0) {
  throw new Error(
    `the pages' Content-Security-Policy allows no inline event handler, style attribute or javascript: URL (use a class or a listener):\n${refused.join('\n')}`,
  );
}
const sources = {
  'connect-src': REACHED_ORIGINS.connect,
  'img-src': REACHED_ORIGINS.img,
  'script-src': [...scripts].toSorted(),
  'style-src': [...styles].toSorted(),
};
await writeFile(new URL('csp-sources.json', appDir), `${JSON.stringify(sources, null, 2)}\n`);
console.log(
  `wrote dist/app/csp-sources.json: ${scripts.size} inline script(s), ${styles.size} inline style(s) by hash`,
);
