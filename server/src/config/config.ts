/**
 * The server's configuration, read from the environment once at start (DESIGN.md, Running).
 * A wrong value stops the start with a message naming the variable and what it expected.
 */

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
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
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

  const trustProxyRaw = env.TRUST_PROXY ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(trustProxyRaw)) fail('TRUST_PROXY', '1, 0, true or false', trustProxyRaw);

  const config: Config = {
    env: nodeEnv,
    port,
    demoPort,
    publicUrl: readOrigin(env, 'PUBLIC_URL', `http://localhost:${port}`),
    database: readDatabase(env),
    domain,
    product,
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpFrom: (env.SMTP_FROM ?? '').trim() || `Kirish <no-reply@${domain === 'localhost' ? 'kirish.localhost' : domain}>`,
    smsGatewayUrl: readUrl(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
    trustProxy: trustProxyRaw === '1' || trustProxyRaw === 'true',
  };
  if (config.env === 'production') {
    // DESIGN.md: in production the dev outbox does not exist and real senders are required.
    if (!config.smtpUrl) fail('SMTP_URL', 'set in production (e-mail codes need a real sender)', '');
    if (!config.smsGatewayUrl) fail('SMS_GATEWAY_URL', 'set in production (SMS and call codes need a real gateway)', '');
    if (!config.publicUrl.startsWith('https://')) fail('PUBLIC_URL', 'an https:// origin in production', config.publicUrl);
  }
  return config;
}
