/**
 * The server's configuration, read from the environment once at start (DESIGN.md, Running).
 * A wrong value stops the start with a message naming the variable and what it expected.
 */
import { isIP } from 'node:net';
import { parseRange, type ProxyTrust } from '../lib/client-address.js';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  env: NodeEnv;
  port: number;
  demoPort: number;
  /** The issuer origin: scheme, host and port, no trailing slash. */
  publicUrl: string;
  database: { kind: 'sqlite'; path: string };
  /** The return-path rule's own domain (SPEC §5). */
  domain: string;
  /** The spec's `{product}`: header `{product}-Source`, cookie `{product}_source`. */
  product: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsGatewayUrl: string | undefined;
  /** Which X-Forwarded-For entries name the client: none, the last `hops` ones, or those our proxies' ranges appended. */
  trustProxy: ProxyTrust;
  /**
   * Create the demo account (its password is published) on an empty database: outside production,
   * by default only on a loopback PUBLIC_URL (KIRISH_DEMO_ACCOUNT, issue 10 §7).
   */
  seedDemoAccount: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function fail(variable: string, expected: string, got: string): never {
  throw new ConfigError(`${variable} must be ${expected} (got ${JSON.stringify(got)})`);
}

function readPort(env: Env, variable: string, fallback: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) fail(variable, 'a whole number from 1 to 65535', raw);
  return port;
}

function readOrigin(env: Env, variable: string, fallback: string): string {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(variable, 'an absolute http(s) URL such as https://id.example.uz', raw);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    fail(variable, 'an http(s) origin with no path, query or fragment', raw);
  }
  return url.origin;
}

function readDatabase(env: Env): Config['database'] {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return { kind: 'sqlite', path: './data/kirish.db' };
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') fail('DATABASE_URL', 'sqlite:PATH with a file path', raw);
    return { kind: 'sqlite', path };
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    fail('DATABASE_URL', 'a sqlite: URL for now; PostgreSQL support is planned but not built yet', raw);
  }
  return fail('DATABASE_URL', 'sqlite:PATH (for example sqlite:./data/kirish.db)', raw);
}

function readUrl(env: Env, variable: string, protocols: string[]): string | undefined {
  const raw = env[variable];
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) throw new Error('protocol');
  } catch {
    fail(variable, `a URL with one of the schemes ${protocols.join(' ')}`, raw);
  }
  return raw;
}

const TRUST_PROXY_EXPECTED =
  '0, the number of proxies in front of Kirish that append to X-Forwarded-For (1 for one), or a comma-separated list of their addresses or CIDR ranges (10.0.0.0/8, ::1)';
/** More hops than this is a typo, not a deployment. */
const TRUST_PROXY_MAX_HOPS = 10;

function readTrustProxy(env: Env): ProxyTrust {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === '0' || raw === 'false') return { kind: 'none' };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > TRUST_PROXY_MAX_HOPS) fail('TRUST_PROXY', `${TRUST_PROXY_EXPECTED}; at most ${TRUST_PROXY_MAX_HOPS} hops`, raw);
    return { kind: 'hops', hops };
  }
  // `true` (which once meant "believe the leftmost entry") names no proxy: refused, not guessed.
  const ranges: string[] = [];
  for (const part of raw.split(',')) {
    const range = parseRange(part);
    if (!range) fail('TRUST_PROXY', TRUST_PROXY_EXPECTED, raw);
    ranges.push(`${range.address}/${range.prefix}`);
  }
  return { kind: 'ranges', ranges };
}

/** RFC 6761 §6.3: localhost and *.localhost are loopback; so are 127.0.0.0/8 and ::1. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

function readSwitch(env: Env, variable: string): boolean | undefined {
  const raw = (env[variable] ?? '').trim();
  if (raw === '') return undefined;
  if (raw !== '0' && raw !== '1') fail(variable, '1 or 0', raw);
  return raw === '1';
}

/**
 * Issue 10 §7: development mode shows every code in the dev outbox and seeds an account whose
 * password is published, so an unset NODE_ENV on a public host must not be how a server goes live.
 * Outside production PUBLIC_URL is a loopback origin unless the operator says otherwise on purpose.
 */
function requireLoopbackOutsideProduction(env: Env, nodeEnv: NodeEnv, publicUrl: string): void {
  const optedIn = readSwitch(env, 'KIRISH_ALLOW_DEV_ON_PUBLIC_URL');
  if (nodeEnv === 'production' || optedIn || isLoopbackHostname(new URL(publicUrl).hostname)) return;
  fail(
    'PUBLIC_URL',
    `a loopback origin (localhost, 127.0.0.1, [::1]) while NODE_ENV is ${nodeEnv}, whose dev outbox shows every code: set NODE_ENV=production, or KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1 to run development mode on a public host on purpose`,
    publicUrl,
  );
}

/** The demo account: never in production; outside it on a loopback PUBLIC_URL unless KIRISH_DEMO_ACCOUNT=0, on a public one only with KIRISH_DEMO_ACCOUNT=1. */
function readDemoAccount(env: Env, nodeEnv: NodeEnv, publicUrl: string): boolean {
  const asked = readSwitch(env, 'KIRISH_DEMO_ACCOUNT');
  if (nodeEnv === 'production') {
    if (asked) fail('KIRISH_DEMO_ACCOUNT', '0 or unset in production (the demo password is published)', '1');
    return false;
  }
  return asked ?? isLoopbackHostname(new URL(publicUrl).hostname);
}

export function loadConfig(env: Env): Config {
  const nodeEnv = env.NODE_ENV === undefined || env.NODE_ENV === '' ? 'development' : env.NODE_ENV;
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    fail('NODE_ENV', 'development, production or test', nodeEnv);
  }
  const port = readPort(env, 'PORT', 8080);
  const demoPort = readPort(env, 'DEMO_PORT', 8081);
  if (demoPort === port) fail('DEMO_PORT', 'a different port from PORT', String(demoPort));

  const domain = (env.KIRISH_DOMAIN ?? '').trim().toLowerCase() || 'localhost';
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) {
    fail('KIRISH_DOMAIN', 'a host name such as kirish.uz', domain);
  }
  const product = (env.KIRISH_PRODUCT ?? '').trim() || 'kirish';
  if (!/^[a-z][a-z0-9]{1,31}$/.test(product)) fail('KIRISH_PRODUCT', 'lower-case letters and digits, 2 to 32 long', product);

  const publicUrl = readOrigin(env, 'PUBLIC_URL', `http://localhost:${port}`);
  requireLoopbackOutsideProduction(env, nodeEnv, publicUrl);
  const config: Config = {
    env: nodeEnv,
    port,
    demoPort,
    publicUrl,
    database: readDatabase(env),
    domain,
    product,
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpFrom: (env.SMTP_FROM ?? '').trim() || `Kirish <no-reply@${domain === 'localhost' ? 'kirish.localhost' : domain}>`,
    smsGatewayUrl: readUrl(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
    trustProxy: readTrustProxy(env),
    seedDemoAccount: readDemoAccount(env, nodeEnv, publicUrl),
  };
  if (config.env === 'production') {
    // DESIGN.md: in production the dev outbox does not exist and real senders are required.
    if (!config.smtpUrl) fail('SMTP_URL', 'set in production (e-mail codes need a real sender)', '');
    if (!config.smsGatewayUrl) fail('SMS_GATEWAY_URL', 'set in production (SMS and call codes need a real gateway)', '');
    if (!config.publicUrl.startsWith('https://')) fail('PUBLIC_URL', 'an https:// origin in production', config.publicUrl);
  }
  return config;
}
