/**
 * The Content-Security-Policy of each kind of page (CSP Level 3, https://www.w3.org/TR/CSP3/): the
 * second wall behind output encoding. Kirish keeps its tokens in localStorage (docs/product.md §3), so one
 * script injected into a page of the SSO would be an account taken over; these policies keep such a
 * script from running, and from sending anything anywhere but Kirish if it did (docs/decisions.md,
 * Hardening).
 *
 * - No inline script runs without its hash in the policy, no `eval` (neither 'unsafe-inline' nor
 *   'unsafe-eval': CSP3 "script-src", "Usage of 'unsafe-inline'"). The build's pages load every script
 *   from their own origin; the hashes of anything inline are computed when they are built
 *   (server/scripts/inline-sources.mjs) and read from dist/app/csp-sources.json with the hosts.
 * - Hashes, not nonces: the pages are files served from disk with tags and precompressed copies
 *   (dist-file.ts); a nonce must be a new value on every response (CSP3 §7.1, "Nonce Reuse"), so
 *   every page would be rewritten on every request, giving up both.
 * - Violations are reported to /csp-report (features/csp-reports): `report-uri`, and over HTTPS also
 *   `report-to` with a `Reporting-Endpoints` header (CSP3 "Reporting Directives"; Reporting API,
 *   "Process reporting endpoints for response").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSerializedOrigin } from '../lib/origins.js';

/** Where every page reports a violation of its policy. */
export const CSP_REPORT_PATH = '/csp-report';
/** The name of that endpoint in `Reporting-Endpoints`, which `report-to` refers to. */
const REPORTING_ENDPOINT = 'csp';
/** The `Reporting-Endpoints` header of a page whose policy has `report-to` (Reporting API, the header's section). */
export const REPORTING_ENDPOINTS = `${REPORTING_ENDPOINT}="${CSP_REPORT_PATH}"`;

/** The file the SPA's build writes beside its pages (server/scripts/prerender.mjs). */
export const PAGE_SOURCES_FILE = 'csp-sources.json';

/**
 * What the SPA's build adds to its pages' policy: the hosts other than its own that it reaches (the
 * error-reporting host, APIs and the image CDN when configured on other origins) and the hash
 * sources of whatever its pages run or style inline.
 */
export interface PageSources {
  'connect-src': readonly string[];
  'img-src': readonly string[];
  'script-src': readonly string[];
  'style-src': readonly string[];
}

/** A build that names nothing beyond its own origin. */
export const OWN_ORIGIN_ONLY: PageSources = { 'connect-src': [], 'img-src': [], 'script-src': [], 'style-src': [] };

/** A hash source (CSP3 "Source Lists", hash-source): only these may stand for an inline script or style. */
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/**
 * The build's sources, checked: hosts must be serialized origins and inline pieces hash sources, so
 * nothing in the file can add a keyword ('unsafe-inline'), a wildcard or a directive to the policy.
 * Throws on anything else: a server that cannot build its pages' policy must not start.
 */
export function parsePageSources(json: unknown): PageSources {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('it must be a JSON object');
  const record = json as Record<string, unknown>;
  const list = (directive: keyof PageSources, valid: (value: string) => boolean): string[] => {
    const values = record[directive] ?? [];
    if (
      !Array.isArray(values) ||
      !values.every((value): value is string => typeof value === 'string' && valid(value))
    ) {
      throw new Error(
        `"${directive}" must be a list of ${directive === 'script-src' || directive === 'style-src' ? "hash sources ('sha256-…')" : 'origins (https://host)'}`,
      );
    }
    return values;
  };
  const unknown = Object.keys(record).filter((key) => !(key in OWN_ORIGIN_ONLY));
  if (unknown.length > 0)
    throw new Error(`it names no directive ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
  return {
    'connect-src': list('connect-src', isSerializedOrigin),
    'img-src': list('img-src', isSerializedOrigin),
    'script-src': list('script-src', (value) => HASH_SOURCE.test(value)),
    'style-src': list('style-src', (value) => HASH_SOURCE.test(value)),
  };
}

/** The sources of the SPA built in `appRoot`, read once at start; null for a build without them. */
export function readPageSources(appRoot: string): PageSources | null {
  const path = join(appRoot, PAGE_SOURCES_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return parsePageSources(JSON.parse(text));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

type Directive = readonly [name: string, ...sources: string[]];

function serialize(directives: readonly Directive[]): string {
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * `report-uri` always, for browsers that know only it. `report-to` only over HTTPS: a browser that
 * knows it ignores `report-uri` beside it (CSP3 "report-uri"), and Chromium reads
 * `Reporting-Endpoints` only from an HTTPS response (tried with Chromium 156), so over plain http
 * (npm start, the tests) a policy with `report-to` would report nothing at all.
 */
function reporting(reportTo: boolean): Directive[] {
  return reportTo
    ? [
        ['report-uri', CSP_REPORT_PATH],
        ['report-to', REPORTING_ENDPOINT],
      ]
    : [['report-uri', CSP_REPORT_PATH]];
}

export interface PagePolicyOptions {
  sources: PageSources;
  /** The origins that may frame the page; none (`'none'`) for every page but the widget's /embed. */
  frameAncestors: readonly string[];
  /** Whether the page is served over HTTPS, where `report-to` works (see `reporting`). */
  reportTo: boolean;
}

/**
 * The policy of every page of the SPA: the shell, the prerendered pages and /embed, which differs
 * only in who may frame it (CSP3 §6.4.2 frame-ancestors). The data block of the prerendered texts is not
 * a script that runs and needs no source; the favicon is a data: image; style comes from the built
 * CSS file (React's `style` props after hydration are set through the CSSOM, which style-src does
 * not govern). 'report-sample' puts the first 40 characters of a blocked inline script in its report.
 */
export function pagePolicy({ sources, frameAncestors, reportTo }: PagePolicyOptions): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', "'self'", ...sources['script-src'], "'report-sample'"],
    ['style-src', "'self'", ...sources['style-src'], "'report-sample'"],
    ['img-src', "'self'", 'data:', ...sources['img-src']],
    ['connect-src', "'self'", ...sources['connect-src']],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...(frameAncestors.length > 0 ? frameAncestors : ["'none'"])],
    ...reporting(reportTo),
  ]);
}

/**
 * The policy of the demo partner site: a partner that loads the widget's script from the SSO, frames
 * its /embed page and calls its token and userinfo endpoints — and nothing else from anywhere else.
 * It is served over plain http outside production only, so it reports by `report-uri` alone.
 */
export function demoPolicy({ ssoOrigin }: { ssoOrigin: string }): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', "'self'", ssoOrigin, "'report-sample'"],
    ['style-src', "'self'", "'report-sample'"],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'", ssoOrigin],
    ['frame-src', ssoOrigin],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...reporting(false),
  ]);
}
