/**
 * The origins other than its own that the site's pages reach, read from the build's configuration:
 * the APIs and the error-reporting host they call (a policy's `connect-src`) and the image CDN whose
 * pictures they show (`img-src`). The prerender step writes them into dist/app/csp-sources.json, from
 * which the server builds the pages' Content-Security-Policy (docs/decisions.md, Hardening). A
 * service on the site's own origin (the default, a path such as /sso/api/v1) adds nothing.
 */
import type { AppConfig } from './config';

export interface ReachedOrigins {
  connect: string[];
  img: string[];
}

/** The origin of an absolute URL; null for a path on the site's own origin. */
function originOf(url: string): string | null {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
}

function distinct(origins: (string | null)[]): string[] {
  return [...new Set(origins.filter((origin): origin is string => origin !== null))].toSorted();
}

export function reachedOrigins(config: AppConfig): ReachedOrigins {
  // A Sentry DSN is https://key@host/project: the client sends its envelopes to that host.
  const errorReporting = config.sentryDsn ? originOf(config.sentryDsn) : null;
  return {
    connect: distinct([originOf(config.ssoApi), originOf(config.ssoApiV2), originOf(config.commonApi), errorReporting]),
    img: distinct([originOf(config.imageCdn)]),
  };
}
