/**
 * The SSO origin's static files: the widget's assets under /widget/ and the built SPA everywhere else,
 * with the SPA's index.html for any path that is not a file (client-side routes such as /login).
 * Every file goes through serveDistFile (dist-file.ts): precompressed, tagged, and cached by its name.
 * Source maps stay on the build machine in production: they would hand out the original source.
 *
 * Every page of the SPA is sent with its Content-Security-Policy (content-security-policy.ts): its
 * own origin's scripts and nothing inline but what the build hashed, reported violations, and
 * framing (docs/product.md §12): `frame-ancestors 'none'`, so no other site can frame the
 * login or consent pages to trick clicks (CSP Level 3 §6.4.2), except the widget's /embed page,
 * which may be framed by the web origins registered for its `client_id`. The headers are set before
 * serveDistFile, so a 304 carries them as a 200 does.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { SOCIAL_PROVIDERS } from '../contract/social.js';
import { isSerializedOrigin } from '../lib/origins.js';
import { pagePolicy, REPORTING_ENDPOINTS, type PageSources } from './content-security-policy.js';
import { cachePolicyOf, serveDistFile } from './dist-file.js';
import { pageLocale } from './page-locale.js';

const LOOKS_LIKE_FILE = /\.[a-z0-9]+$/i;
const EMBED_PATH = '/embed';
/**
 * A provider's callback (and the start of its flow), /oauth/{provider}: in the window a partner's frame
 * opened, it hands the session to that frame, its opener (src/features/auth/social-popup.ts).
 */
const PROVIDER_PAGE = new RegExp(`^/oauth/(${SOCIAL_PROVIDERS.join('|')})(/|$)`);
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;
const HTML_FILE = /\.html$/i;
const SCRIPT_FILE = /\.js$/i;
/** The page every client route answers with (dist/app/index.html). */
const SHELL = 'index.html';

/**
 * The pages the build prerendered (server/scripts/prerender.mjs, one file per page and locale in
 * dist/app/prerendered/), which paint before the SPA's script has run. The popup of the embed page
 * is a top-level page with the browser's own session: it takes the plain shell.
 */
const PRERENDERED = new Set(['/login', '/register', '/embed', '/developers/guide']);

/** The prerendered file for this request, if its page has one (a build without them has the shell). */
function prerenderedPage(c: Context): string | null {
  const path = c.req.path;
  if (!PRERENDERED.has(path) || (path === EMBED_PATH && c.req.query('mode') === 'popup')) return null;
  // The page's language follows the request: caches must keep one copy per cookie and language.
  c.header('Vary', 'Cookie, Accept-Language', { append: true });
  // One folder of pages, as the build names them: /developers/guide → developers-guide.en.html.
  return `prerendered/${path.slice(1).replaceAll('/', '-')}.${pageLocale(c)}.html`;
}

export interface StaticSiteOptions {
  appRoot: string;
  distRoot: string;
  /** The web origins that may frame the embed page for a client (none for an unknown one). */
  embedAncestors: (clientId: string) => Promise<readonly string[]>;
  /** Whether `.map` files are served (outside production); otherwise they are 404. */
  serveSourceMaps: boolean;
  /** What the build adds to the pages' policy (dist/app/csp-sources.json). */
  sources: PageSources;
  /** Whether the pages are served over HTTPS (PUBLIC_URL), where their policy also has `report-to`. */
  reportTo: boolean;
}

export function staticSite(options: StaticSiteOptions): MiddlewareHandler {
  async function frameAncestors(path: string, clientId: string | undefined): Promise<readonly string[]> {
    if (path !== EMBED_PATH || !clientId) return [];
    // Only exact serialized origins reach the header: nothing in it can add a directive.
    return (await options.embedAncestors(clientId)).filter(isSerializedOrigin);
  }

  function sendPolicy(c: Context, ancestors: readonly string[]): void {
    c.header(
      'Content-Security-Policy',
      pagePolicy({ sources: options.sources, frameAncestors: ancestors, reportTo: options.reportTo }),
    );
    if (options.reportTo) c.header('Reporting-Endpoints', REPORTING_ENDPOINTS);
  }

  return async function site(c, next) {
    const path = c.req.path;
    if (!options.serveSourceMaps && SOURCE_MAP.test(path)) return next();
    if (path.startsWith('/widget/')) {
      // Partner pages on other sites load the widget's script: CORP must not hold it back.
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const file = path.slice(1);
      return (await serveDistFile(c, { root: options.distRoot, file, cache: cachePolicyOf(file) })) ?? next();
    }
    if (LOOKS_LIKE_FILE.test(path) && path !== '/index.html') {
      const file = path.slice(1);
      // A page asked for by its file name (/prerendered/login.uz.html) is still a page of the site.
      if (HTML_FILE.test(file)) sendPolicy(c, []);
      // The build writes its source maps without a comment in the scripts (bytes every visitor would
      // download, pointing at a 404 in production): outside production the header names the map, and
      // a browser's developer tools read it as they read the comment (Source Map format, ECMA-426).
      if (options.serveSourceMaps && SCRIPT_FILE.test(file))
        c.header('SourceMap', `${file.slice(file.lastIndexOf('/') + 1)}.map`);
      return (await serveDistFile(c, { root: options.appRoot, file, cache: cachePolicyOf(file) })) ?? next();
    }
    sendPolicy(c, await frameAncestors(path, c.req.query('client_id')));
    // The embed page's "continue in a new window" popup answers its opener, the frame: a
    // same-origin opener policy would cut that link (HTML, cross-origin opener policies).
    // A provider's window, opened by the frame, answers it the same way: its opener must survive the
    // way to the provider and back (a same-origin policy here would put it in a group of its own).
    if (path === EMBED_PATH || PROVIDER_PAGE.test(path)) c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    // The shell names the current build's hashed assets: a browser must ask again each time.
    const page = prerenderedPage(c);
    const prerendered = page
      ? await serveDistFile(c, { root: options.appRoot, file: page, cache: 'revalidate' })
      : null;
    return (
      prerendered ?? (await serveDistFile(c, { root: options.appRoot, file: SHELL, cache: 'revalidate' })) ?? next()
    );
  };
}
