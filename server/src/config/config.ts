/**
 * The server's configuration, read from the environment once at start (docs/product.md §10).
 * A wrong value stops the start with a message naming the variable and what it expected.
 */
import { isIP } from 'node:net';
import { parseRange, type ProxyTrust } from '../lib/client-address.js';
import {
  readAdminToken,
  readHashConcurrency,
  readHashMaxWait,
  readMetrics,
  readShutdownGrace,
  type MetricsConfig,
} from './operations-config.js';
import { KEY_ENCRYPTION_SECRET_MIN_ESTIMATED_BITS } from './policy.js';
import { ConfigError, fail, readPort, type Env } from './read-environment.js';
import { readPaymentConfig, type PaymentConfig } from './payment-config.js';
import { productionSecretProblem } from './secret-strength.js';
import { readSmsConfig, type SmsConfig } from './sms-config.js';
import { readSocialConfig, type SocialConfig } from './social-config.js';

export { ConfigError } from './read-environment.js';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  env: NodeEnv;
  port: number;
  demoPort: number;
  /** The issuer origin: scheme, host and port, no trailing slash. */
  publicUrl: string;
  /** SQLite (the embedded default) or PostgreSQL with a pool of at most `poolSize` connections (DATABASE_POOL_SIZE). */
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string; poolSize: number };
  /**
   * Where an earlier release kept profile photos as files (UPLOADS_DIR), copied into the database at
   * start. Unset: beside the SQLite file, or ./data/uploads on PostgreSQL (services/photo-store.ts).
   */
  uploadsDir: string | undefined;
  /**
   * Where /mahalla/oneid/callback forwards its query (docs/product.md §2; MAHALLA_ONEID_CALLBACK_URL):
   * an absolute URL with no fragment, https in production. Unset: the page only goes to `/`.
   */
  mahallaOneIdCallbackUrl: string | undefined;
  /** The return-path rule's own domain (docs/product.md §5). */
  domain: string;
  /** The product key `{product}` (docs/product.md §1): header `{product}-Source`, cookie `{product}_source`. */
  product: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsGatewayUrl: string | undefined;
  /** The SMS gateways, their order, the call gateway and the delivery reports' secret (config/sms-config.ts). */
  sms: SmsConfig;
  /** Which X-Forwarded-For entries name the client: none, the last `hops` ones, or those our proxies' ranges appended. */
  trustProxy: ProxyTrust;
  /**
   * Create the demo account (its password is published) on an empty database: outside production,
   * by default only on a loopback PUBLIC_URL (KIRISH_DEMO_ACCOUNT, issue 10 §7).
   */
  seedDemoAccount: boolean;
  /**
   * Seals the private signing keys and server secrets at rest (lib/key-encryption.ts,
   * KEY_ENCRYPTION_SECRET): required in production; outside it a fixed, published development
   * secret when unset (`isDevelopmentDefault`, and the start warns). `previous`
   * (KEY_ENCRYPTION_SECRET_PREVIOUS), while the secret is being replaced: what it sealed still opens,
   * and is sealed again under `value` (docs/keys.md).
   */
  keyEncryptionSecret: { value: string; isDevelopmentDefault: boolean; previous?: string };
  /** How long a SIGTERM waits for the requests under way before closing their connections (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /**
   * How many password hashes this process runs at once (PASSWORD_HASH_CONCURRENCY); the others wait
   * their turn (lib/passwords.ts). By default one per core, at most one less than libuv's pool
   * (UV_THREADPOOL_SIZE, 4 unless set). Instances that share a machine split its cores between them.
   */
  passwordHashConcurrency: number;
  /** How long a hash may wait for its turn before the request answers 503 server_busy (PASSWORD_HASH_MAX_WAIT_SECONDS). */
  passwordHashMaxWaitMs: number;
  /** Where GET /metrics is served (config/operations-config.ts). */
  metrics: MetricsConfig;
  /**
   * The operator API's bearer secret (ADMIN_TOKEN, docs/deploy.md, The operator API): complaints and
   * identity validation under /common/api/v1/operator/. Unset, that API answers 404 as if absent.
   */
  adminToken: string | undefined;
  /** The offered social providers and where each is (config/social-config.ts, docs/social-sign-in.md). */
  social: SocialConfig;
  /** The payment processor and the sandbox's port (config/payment-config.ts, docs/api.md, Payments). */
  payments: PaymentConfig;
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

/** More connections than this per instance is a typo: PostgreSQL's own default limit is 100 for all. */
const DATABASE_POOL_SIZE_MAX = 100;

function readPoolSize(env: Env): number {
  const raw = (env.DATABASE_POOL_SIZE ?? '').trim();
  if (raw === '') return 10;
  const size = Number(raw);
  if (!/^\d+$/.test(raw) || size < 1 || size > DATABASE_POOL_SIZE_MAX)
    fail('DATABASE_POOL_SIZE', `a whole number from 1 to ${DATABASE_POOL_SIZE_MAX}`, raw);
  return size;
}

/** An error message names the URL, never its password. */
function redactPassword(raw: string): string {
  return raw.replace(/^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
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
    // pg reads the URL as libpq does; a URL that does not parse would fail at the first query instead.
    if (!URL.canParse(raw))
      fail('DATABASE_URL', 'a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL', redactPassword(raw));
    return { kind: 'postgres', url: raw, poolSize: readPoolSize(env) };
  }
  return fail(
    'DATABASE_URL',
    'sqlite:PATH (for example sqlite:./data/kirish.db) or postgres://USER:PASSWORD@HOST:PORT/DATABASE',
    raw,
  );
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

/**
 * MAHALLA_ONEID_CALLBACK_URL: the browser is sent there with a OneID answer's query (its code) appended,
 * so only a configured, absolute URL may be it (RFC 6749 §10.15, open redirectors). A fragment would
 * swallow the appended query (RFC 3986 §3.5); plain http would hand the code to the network in production.
 */
function readMahallaCallback(env: Env, production: boolean): string | undefined {
  const variable = 'MAHALLA_ONEID_CALLBACK_URL';
  const raw = (env[variable] ?? '').trim();
  if (raw === '') return undefined;
  const expected = production ? 'an absolute https URL with no fragment' : 'an absolute http(s) URL with no fragment';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(variable, expected, raw);
  }
  const schemes = production ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol) || raw.includes('#') || url.username || url.password)
    fail(variable, expected, raw);
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
    if (hops > TRUST_PROXY_MAX_HOPS)
      fail('TRUST_PROXY', `${TRUST_PROXY_EXPECTED}; at most ${TRUST_PROXY_MAX_HOPS} hops`, raw);
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

/** 32 characters: 256 bits when drawn from base64url (openssl rand -base64 32 gives 44). */
const KEY_ENCRYPTION_SECRET_MIN_LENGTH = 32;
/** Published in this repository: it protects nothing, and production refuses to start without a real one. */
const DEVELOPMENT_KEY_ENCRYPTION_SECRET = 'kirish-development-only-key-encryption-secret-not-for-production';

/** A secret's own checks; the message names the length only: a secret never goes to a log. */
function checkedSecret(name: string, raw: string): string {
  if (raw.length < KEY_ENCRYPTION_SECRET_MIN_LENGTH)
    throw new ConfigError(
      `${name} must be at least ${KEY_ENCRYPTION_SECRET_MIN_LENGTH} characters (got ${raw.length})`,
    );
  return raw;
}

function readKeyEncryptionSecret(env: Env, nodeEnv: NodeEnv): Config['keyEncryptionSecret'] {
  const raw = env.KEY_ENCRYPTION_SECRET ?? '';
  const previousRaw = env.KEY_ENCRYPTION_SECRET_PREVIOUS ?? '';
  let secret: Config['keyEncryptionSecret'];
  if (raw === '') {
    if (nodeEnv === 'production')
      fail(
        'KEY_ENCRYPTION_SECRET',
        `set in production, at least ${KEY_ENCRYPTION_SECRET_MIN_LENGTH} characters (openssl rand -base64 32)`,
        '',
      );
    secret = { value: DEVELOPMENT_KEY_ENCRYPTION_SECRET, isDevelopmentDefault: true };
  } else secret = { value: checkedSecret('KEY_ENCRYPTION_SECRET', raw), isDevelopmentDefault: false };
  // Production refuses the published development secret and a typed, guessable one (config/secret-strength.ts).
  const problem =
    nodeEnv === 'production'
      ? productionSecretProblem(raw, DEVELOPMENT_KEY_ENCRYPTION_SECRET, KEY_ENCRYPTION_SECRET_MIN_ESTIMATED_BITS)
      : null;
  if (problem !== null) throw new ConfigError(`KEY_ENCRYPTION_SECRET ${problem}`);
  if (previousRaw === '') return secret;
  const previous = checkedSecret('KEY_ENCRYPTION_SECRET_PREVIOUS', previousRaw);
  if (previous === secret.value)
    throw new ConfigError(
      'KEY_ENCRYPTION_SECRET_PREVIOUS must differ from KEY_ENCRYPTION_SECRET: it is the secret being replaced',
    );
  return { ...secret, previous };
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
  if (!/^[a-z][a-z0-9]{1,31}$/.test(product))
    fail('KIRISH_PRODUCT', 'lower-case letters and digits, 2 to 32 long', product);

  const publicUrl = readOrigin(env, 'PUBLIC_URL', `http://localhost:${port}`);
  requireLoopbackOutsideProduction(env, nodeEnv, publicUrl);
  const metrics = readMetrics(env, port, demoPort);
  const social = readSocialConfig(env, nodeEnv === 'production', [port, demoPort]);
  const config: Config = {
    env: nodeEnv,
    port,
    demoPort,
    publicUrl,
    database: readDatabase(env),
    uploadsDir: (env.UPLOADS_DIR ?? '').trim() || undefined,
    mahallaOneIdCallbackUrl: readMahallaCallback(env, nodeEnv === 'production'),
    domain,
    product,
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpFrom:
      (env.SMTP_FROM ?? '').trim() || `Kirish <no-reply@${domain === 'localhost' ? 'kirish.localhost' : domain}>`,
    smsGatewayUrl: readUrl(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
    trustProxy: readTrustProxy(env),
    seedDemoAccount: readDemoAccount(env, nodeEnv, publicUrl),
    keyEncryptionSecret: readKeyEncryptionSecret(env, nodeEnv),
    shutdownGraceSeconds: readShutdownGrace(env),
    passwordHashConcurrency: readHashConcurrency(env),
    passwordHashMaxWaitMs: readHashMaxWait(env),
    metrics,
    adminToken: readAdminToken(env, nodeEnv, isLoopbackHostname(new URL(publicUrl).hostname)),
    social,
    sms: readSmsConfig(env, nodeEnv === 'production', [
      port,
      demoPort,
      ...(social.standinPort === null ? [] : [social.standinPort]),
      ...(metrics.kind === 'port' ? [metrics.port] : []),
    ]),
    payments: readPaymentConfig(
      env,
      nodeEnv === 'production',
      [port, demoPort, social.standinPort ?? 0, metrics.kind === 'port' ? metrics.port : 0],
      'PORT, DEMO_PORT, STANDIN_PORT and METRICS_PORT',
    ),
  };
  if (config.env === 'production') {
    // docs/product.md §10: in production the dev outbox does not exist and real senders are required.
    if (!config.smtpUrl) fail('SMTP_URL', 'set in production (e-mail codes need a real sender)', '');
    if (!config.publicUrl.startsWith('https://'))
      fail('PUBLIC_URL', 'an https:// origin in production', config.publicUrl);
  }
  return config;
}
