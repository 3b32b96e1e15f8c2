/**
 * The demo partner site (demo/, built into dist/demo/), served on its own port — another site than
 * the SSO, so the widget really runs cross-site. Its page names the SSO origin of this run where
 * the build left `__KIRISH_SSO__`; /callback, where the redirect sign-in comes back, is the same
 * page. Its assets follow the SSO's rules (dist-file.ts); the page, rewritten for this run, is
 * compressed once here and kept until the file changes.
 *
 * Its page has a Content-Security-Policy of its own (content-security-policy.ts, demoPolicy): a
 * partner that takes scripts, frames and API answers from its own origin and the SSO's only, and
 * reports violations to its own /csp-report, which the entry file wires to the SSO's record.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { encodeRepresentations, sendNegotiated, type Representations } from '../lib/representation.js';
import { CSP_REPORT_PATH, demoPolicy } from './content-security-policy.js';
import { cachePolicyOf, serveDistFile } from './dist-file.js';
import { demoShop, type DemoShopOptions } from './demo-shop.js';

const PAGES = new Set(['/', '/index.html', '/callback']);
const SSO_PLACEHOLDER = /__KIRISH_SSO__/g;

export interface DemoSiteOptions {
  root: string;
  ssoOrigin: string;
  /** Takes the page's violation reports, mounted at /csp-report. */
  reports: Hono;
  /** The shop's backend at /shop (demo-shop.ts): its "Buy" bills the user through Kirish's payments. */
  shop?: Omit<DemoShopOptions, 'ssoOrigin'> | undefined;
}

export function demoSite(options: DemoSiteOptions): Hono {
  const pagePath = join(options.root, 'index.html');
  let page: { mtimeMs: number; size: number; representations: Representations } | undefined;

  async function currentPage(): Promise<Representations> {
    const { mtimeMs, size } = await stat(pagePath);
    if (page?.mtimeMs !== mtimeMs || page.size !== size) {
      const html = (await readFile(pagePath, 'utf8')).replace(SSO_PLACEHOLDER, options.ssoOrigin);
      page = { mtimeMs, size, representations: encodeRepresentations(html) };
    }
    return page.representations;
  }

  const policy = demoPolicy({ ssoOrigin: options.ssoOrigin });
  const app = new Hono();
  app.route(CSP_REPORT_PATH, options.reports);
  if (options.shop) app.route('/shop', demoShop({ ...options.shop, ssoOrigin: options.ssoOrigin }));
  app.get('*', async (c, next) => {
    if (PAGES.has(c.req.path)) {
      c.header('Content-Security-Policy', policy);
      return sendNegotiated(c, await currentPage(), {
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
      });
    }
    const file = c.req.path.slice(1);
    return (await serveDistFile(c, { root: options.root, file, cache: cachePolicyOf(file) })) ?? next();
  });
  return app;
}
