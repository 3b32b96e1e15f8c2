import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { PRODUCTION_ENV as PRODUCTION } from '../test-support/test-server.js';
import { loadConfig } from './config.js';
import { DEVELOPMENT_ADMIN_TOKEN } from './operations-config.js';
import { configRefusal as refusal } from '../test-support/config-refusals.js';

const TOKEN = 'k'.repeat(32);

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('is 10 by default and takes whole seconds up to 600', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '600' }).shutdownGraceSeconds).toBe(600);
  });

  it('refuses anything else, naming the variable', () => {
    for (const raw of ['601', '-1', '2.5', 'ten', '1e3'])
      expect(refusal({ SHUTDOWN_GRACE_SECONDS: raw })).toMatch(
        /^SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 600/,
      );
  });
});

describe('ADMIN_TOKEN', () => {
  it('is the published development token on a loopback address outside production, else unset by default; read as given when long enough', () => {
    expect(loadConfig({}).adminToken).toBe(DEVELOPMENT_ADMIN_TOKEN);
    expect(
      loadConfig({ PUBLIC_URL: 'https://id.example.uz', KIRISH_ALLOW_DEV_ON_PUBLIC_URL: '1' }).adminToken,
    ).toBeUndefined();
    expect(loadConfig(PRODUCTION).adminToken).toBeUndefined();
    expect(refusal({ ...PRODUCTION, ADMIN_TOKEN: DEVELOPMENT_ADMIN_TOKEN })).toBe(
      'ADMIN_TOKEN must not be the published development value in production',
    );
    expect(loadConfig({ ADMIN_TOKEN: ` ${TOKEN} ` }).adminToken).toBe(TOKEN);
  });

  it('refuses a short token or one of other characters, naming its length only', () => {
    expect(refusal({ ADMIN_TOKEN: 'short-secret' })).toBe(
      'ADMIN_TOKEN must be at least 32 characters of A-Z a-z 0-9 - . _ ~ + / (openssl rand -hex 32) (got 12 characters)',
    );
    expect(refusal({ ADMIN_TOKEN: `${TOKEN} with spaces` })).toMatch(/^ADMIN_TOKEN must be at least 32 characters/);
  });
});

describe('the metrics endpoint', () => {
  it('is off without METRICS_PORT or METRICS_TOKEN', () => {
    expect(loadConfig({}).metrics).toEqual({ kind: 'off' });
  });

  it('is on the main port behind the bearer token when only METRICS_TOKEN is set', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ kind: 'bearer', token: TOKEN });
  });

  it('is on its own port, on loopback unless METRICS_HOST says otherwise, the token required there too if set', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      kind: 'port',
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '::', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      kind: 'port',
      port: 9464,
      host: '::',
      token: TOKEN,
    });
  });

  it('refuses a port taken by PORT or DEMO_PORT, or not a port', () => {
    expect(refusal({ METRICS_PORT: '8080' })).toMatch(/^METRICS_PORT must be a port other than PORT and DEMO_PORT/);
    expect(refusal({ METRICS_PORT: '8081' })).toMatch(/^METRICS_PORT must be a port other than PORT and DEMO_PORT/);
    expect(refusal({ METRICS_PORT: '70000' })).toMatch(/^METRICS_PORT must be a whole number from 1 to 65535/);
  });

  it('refuses a METRICS_HOST that is no IP address, or one without METRICS_PORT', () => {
    expect(refusal({ METRICS_PORT: '9464', METRICS_HOST: 'metrics.example.uz' })).toMatch(
      /^METRICS_HOST must be an IP address/,
    );
    expect(refusal({ METRICS_HOST: '0.0.0.0' })).toMatch(/^METRICS_HOST must be unset unless METRICS_PORT is set/);
  });

  it('refuses a short or oddly spelled METRICS_TOKEN without echoing it', () => {
    const short = 'short-metrics-token';
    expect(refusal({ METRICS_TOKEN: short })).toBe(
      `METRICS_TOKEN must be at least 32 characters of A-Z a-z 0-9 - . _ ~ + / (openssl rand -hex 32) (got ${short.length} characters)`,
    );
    expect(refusal({ METRICS_TOKEN: `${TOKEN} with spaces` })).toMatch(/^METRICS_TOKEN must be/);
    expect(refusal({ METRICS_TOKEN: `${TOKEN} with spaces` })).not.toContain(TOKEN);
  });
});

describe('PASSWORD_HASH_CONCURRENCY', () => {
  const cores = availableParallelism();

  it('is one hash per core by default, leaving libuv a thread of its pool', () => {
    expect(loadConfig({}).passwordHashConcurrency).toBe(Math.max(1, Math.min(cores, 3)));
    expect(loadConfig({ UV_THREADPOOL_SIZE: '2' }).passwordHashConcurrency).toBe(1);
    expect(loadConfig({ UV_THREADPOOL_SIZE: '1' }).passwordHashConcurrency).toBe(1);
    expect(loadConfig({ UV_THREADPOOL_SIZE: '64' }).passwordHashConcurrency).toBe(cores);
  });

  it('takes a whole number up to one less than the pool', () => {
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '1' }).passwordHashConcurrency).toBe(1);
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '15', UV_THREADPOOL_SIZE: '16' }).passwordHashConcurrency).toBe(15);
  });

  it('refuses anything else, naming the variable and the most the pool allows', () => {
    for (const raw of ['0', '4', '-1', '1.5', 'two'])
      expect(refusal({ PASSWORD_HASH_CONCURRENCY: raw })).toMatch(
        /^PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 3 \(/,
      );
    expect(refusal({ PASSWORD_HASH_CONCURRENCY: '8', UV_THREADPOOL_SIZE: '8' })).toMatch(
      /^PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 7 \(/,
    );
  });
});

describe('PASSWORD_HASH_MAX_WAIT_SECONDS', () => {
  it('is 2 s by default and takes whole seconds from 1 to 60', () => {
    expect(loadConfig({}).passwordHashMaxWaitMs).toBe(2000);
    expect(loadConfig({ PASSWORD_HASH_MAX_WAIT_SECONDS: '1' }).passwordHashMaxWaitMs).toBe(1000);
    expect(loadConfig({ PASSWORD_HASH_MAX_WAIT_SECONDS: '60' }).passwordHashMaxWaitMs).toBe(60_000);
  });

  it('refuses anything else, naming the variable', () => {
    for (const raw of ['0', '61', '-1', '1.5', 'two'])
      expect(refusal({ PASSWORD_HASH_MAX_WAIT_SECONDS: raw })).toMatch(
        /^PASSWORD_HASH_MAX_WAIT_SECONDS must be a whole number of seconds from 1 to 60/,
      );
  });
});
