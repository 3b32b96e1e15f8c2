/**
 * The variables of operating the server (issue 13): the drain at SIGTERM, the password hashes' share
 * of the machine, and the metrics endpoint. Read by loadConfig (config/config.ts) with the others.
 */
import { isIP } from 'node:net';
import { defaultHashConcurrency, maxHashConcurrency } from '../lib/passwords.js';
import { PASSWORD_HASH_MAX_WAIT_MS } from './policy.js';
import { ConfigError, fail, readPort, type Env } from './read-environment.js';

/**
 * Where GET /metrics is served (docs/deploy.md, Metrics): on a port of its own (METRICS_PORT, on
 * METRICS_HOST, loopback by default; METRICS_TOKEN then required there too if set), else on the
 * main port behind METRICS_TOKEN as a bearer token, else nowhere.
 */
export type MetricsConfig =
  | { kind: 'off' }
  | { kind: 'port'; port: number; host: string; token: string | undefined }
  | { kind: 'bearer'; token: string };

const SHUTDOWN_GRACE_SECONDS_MAX = 600;

export function readShutdownGrace(env: Env): number {
  const raw = (env.SHUTDOWN_GRACE_SECONDS ?? '').trim();
  if (raw === '') return 10;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds > SHUTDOWN_GRACE_SECONDS_MAX) {
    fail('SHUTDOWN_GRACE_SECONDS', `a whole number of seconds from 0 to ${SHUTDOWN_GRACE_SECONDS_MAX}`, raw);
  }
  return seconds;
}

/**
 * The threads of libuv's pool, read as libuv reads UV_THREADPOOL_SIZE (uv_threadpool.c: atoi, 0 taken
 * as 1, at most 1024); unset, libuv's default.
 */
function threadPoolSize(env: Env): number | undefined {
  const raw = env.UV_THREADPOOL_SIZE;
  if (raw === undefined) return undefined;
  const threads = Number.parseInt(raw.trim(), 10);
  return Math.min(1024, Number.isNaN(threads) || threads < 1 ? 1 : threads);
}

export function readHashConcurrency(env: Env): number {
  const pool = threadPoolSize(env);
  const raw = (env.PASSWORD_HASH_CONCURRENCY ?? '').trim();
  if (raw === '') return defaultHashConcurrency(pool);
  const most = maxHashConcurrency(pool);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > most) {
    fail(
      'PASSWORD_HASH_CONCURRENCY',
      `a whole number from 1 to ${most} (one less than libuv's thread pool, UV_THREADPOOL_SIZE)`,
      raw,
    );
  }
  return value;
}

export function readHashMaxWait(env: Env): number {
  const raw = (env.PASSWORD_HASH_MAX_WAIT_SECONDS ?? '').trim();
  if (raw === '') return PASSWORD_HASH_MAX_WAIT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 60)
    fail('PASSWORD_HASH_MAX_WAIT_SECONDS', 'a whole number of seconds from 1 to 60', raw);
  return Number(raw) * 1000;
}

/** A bearer token's characters (RFC 6750 §2.1, b64token), long enough not to be guessed. */
const METRICS_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const METRICS_TOKEN_MIN_LENGTH = 32;

/**
 * Published here: a newcomer's `npm start` answers complaints with `npm run complaints` and no setup
 * (docs/deploy.md, The operator API); production refuses it, and it is never a default there.
 */
export const DEVELOPMENT_ADMIN_TOKEN = 'kirish-development-operator-token-0000';

/**
 * The operator API's secret (ADMIN_TOKEN, docs/deploy.md, The operator API): as long and of the same
 * characters as METRICS_TOKEN. Unset, it is the published development token where the demo account is
 * made (outside production, on a loopback address), and none elsewhere: the API then answers 404.
 */
export function readAdminToken(env: Env, nodeEnv: string, loopback: boolean): string | undefined {
  const production = nodeEnv === 'production';
  const token = (env.ADMIN_TOKEN ?? '').trim() || undefined;
  if (token === undefined) return !production && loopback ? DEVELOPMENT_ADMIN_TOKEN : undefined;
  // The message names the length only: a secret never goes to a log.
  if (token.length < METRICS_TOKEN_MIN_LENGTH || !METRICS_TOKEN.test(token)) {
    throw new ConfigError(
      `ADMIN_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters of A-Z a-z 0-9 - . _ ~ + / (openssl rand -hex 32) (got ${token.length} characters)`,
    );
  }
  if (production && token === DEVELOPMENT_ADMIN_TOKEN)
    throw new ConfigError('ADMIN_TOKEN must not be the published development value in production');
  return token;
}

export function readMetrics(env: Env, port: number, demoPort: number): MetricsConfig {
  const token = (env.METRICS_TOKEN ?? '').trim() || undefined;
  // The message names the length only: a secret never goes to a log.
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || !METRICS_TOKEN.test(token))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters of A-Z a-z 0-9 - . _ ~ + / (openssl rand -hex 32) (got ${token.length} characters)`,
    );
  }
  const host = (env.METRICS_HOST ?? '').trim();
  if (host !== '' && isIP(host) === 0)
    fail('METRICS_HOST', 'an IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::', host);
  if ((env.METRICS_PORT ?? '').trim() === '') {
    if (host !== '')
      fail('METRICS_HOST', 'unset unless METRICS_PORT is set (it is the address of the metrics port)', host);
    return token === undefined ? { kind: 'off' } : { kind: 'bearer', token };
  }
  const metricsPort = readPort(env, 'METRICS_PORT', 0);
  if (metricsPort === port || metricsPort === demoPort)
    fail('METRICS_PORT', 'a port other than PORT and DEMO_PORT', String(metricsPort));
  return { kind: 'port', port: metricsPort, host: host || '127.0.0.1', token };
}
