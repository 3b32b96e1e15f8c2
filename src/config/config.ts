/**
 * The site's configuration (docs/product.md §1): the services it talks to and links to, read once at start
 * from the build's environment (VITE_*), same-origin by default, and validated: a wrong value stops
 * the start with a message naming the variable.
 */

export interface AppConfig {
  /** Single sign-on API v1 (docs/product.md §7), and the v2 base of registration. */
  ssoApi: string;
  ssoApiV2: string;
  /** Common API v1: translations. */
  commonApi: string;
  /** Payments API (docs/api.md, Payments): saved cards, receipts, paying a partner's bill. */
  paymentApi: string;
  /** CDN API for images: {cdn}/{size}/{source} (docs/product.md §9). */
  imageCdn: string;
  mainSite: string;
  cdnSite: string;
  reviewsSite: string;
  businessReviewsPath: string;
  /** The validation app link and the name of its app-name query parameter. */
  validationAppLink: string;
  validationAppNameParam: string;
  /** Help centre: a messenger support channel. */
  helpCentreLink: string;
  /** Error reporting; off when empty. */
  sentryDsn: string;
  /** The product key {product} (docs/product.md §1): header {product}-Source, cookie {product}_source, query {product}Source. */
  product: string;
  /** Own domain of the return-path rule (docs/product.md §5). */
  ownDomain: string;
  /** Ports besides 443 a return path on the own domain may name (lib/format/return-path.ts); none by default. */
  returnPathPorts: number[];
  version: string;
  commit: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** A path on this origin ("/sso/api/v1") or an absolute http(s) URL; no trailing slash. */
function base(env: Env, name: string, fallback: string): string {
  const raw = text(env, name, fallback);
  // The site root stays "/"; any other base loses its trailing slashes.
  const value = /^\/+$/.test(raw) ? '/' : raw.replace(/\/+$/, '');
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return value;
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be a path such as /sso/api/v1 or an http(s) URL (got ${JSON.stringify(value)})`);
}

/** A comma-separated list of TCP ports (1–65535), empty by default. */
function portList(env: Env, name: string): number[] {
  const raw = text(env, name, '');
  if (raw === '') return [];
  const ports = raw.split(',').map((part) => part.trim());
  if (ports.some((port) => !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535))
    throw new ConfigError(
      `${name} must be ports 1–65535 separated by commas, such as 8443,9443 (got ${JSON.stringify(raw)})`,
    );
  return [...new Set(ports.map(Number))];
}

export function loadConfig(env: Env): AppConfig {
  const product = text(env, 'VITE_KIRISH_PRODUCT', 'kirish');
  if (!/^[a-z][a-z0-9]{1,31}$/.test(product))
    throw new ConfigError(`VITE_KIRISH_PRODUCT must be lower-case letters and digits (got ${JSON.stringify(product)})`);
  const ownDomain = text(env, 'VITE_KIRISH_DOMAIN', 'localhost').toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(ownDomain))
    throw new ConfigError(`VITE_KIRISH_DOMAIN must be a host name (got ${JSON.stringify(ownDomain)})`);
  const returnPathPorts = portList(env, 'VITE_RETURN_PATH_PORTS');
  const sentryDsn = text(env, 'VITE_SENTRY_DSN', '');
  if (sentryDsn && !/^https:\/\/[^@\s]+@[^/\s]+\/\d+$/.test(sentryDsn))
    throw new ConfigError('VITE_SENTRY_DSN must be a Sentry DSN (https://key@host/project)');
  return {
    ssoApi: base(env, 'VITE_SSO_API', '/sso/api/v1'),
    ssoApiV2: base(env, 'VITE_SSO_API_V2', '/sso/api/v2'),
    commonApi: base(env, 'VITE_COMMON_API', '/common/api/v1'),
    paymentApi: base(env, 'VITE_PAYMENT_API', '/payment/api'),
    imageCdn: base(env, 'VITE_IMAGE_CDN', '/cdn'),
    mainSite: base(env, 'VITE_MAIN_SITE', '/'),
    cdnSite: base(env, 'VITE_CDN_SITE', '/cdn'),
    reviewsSite: base(env, 'VITE_REVIEWS_SITE', '/projects/review'),
    businessReviewsPath: text(env, 'VITE_BUSINESS_REVIEWS_PATH', '/business'),
    // Until a validation app is named, the link opens Kirish's own guide in the phone layout (docs/decisions.md, "Identity validation").
    validationAppLink: base(env, 'VITE_VALIDATION_APP_LINK', '/mobile-identity-verification'),
    validationAppNameParam: text(env, 'VITE_VALIDATION_APP_NAME_PARAM', 'app'),
    helpCentreLink: base(env, 'VITE_HELP_CENTRE_LINK', 'https://t.me/kirish_support'),
    sentryDsn,
    product,
    ownDomain,
    returnPathPorts,
    version: text(env, 'VITE_KIRISH_VERSION', 'dev'),
    commit: text(env, 'VITE_KIRISH_COMMIT', 'unknown'),
  };
}
