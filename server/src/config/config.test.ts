import { availableParallelism } from 'node:os';
import { describe, it, expect } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { configRefusal as configErrorMessage, PRODUCTION_ENV as PRODUCTION } from '../test-support/config-refusals.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const rest = { social: undefined, sms: undefined, payments: undefined, adminToken: undefined }; // tested by their readers
    expect({ ...loadConfig({}), ...rest }).toEqual({
      env: 'development',
      port: 8080,
      demoPort: 8081,
      publicUrl: 'http://localhost:8080',
      database: { kind: 'sqlite', path: './data/kirish.db' },
      domain: 'localhost',
      product: 'kirish',
      smtpUrl: undefined,
      smtpFrom: 'Kirish <no-reply@kirish.localhost>',
      smsGatewayUrl: undefined,
      trustProxy: { kind: 'none' },
      seedDemoAccount: true,
      keyEncryptionSecret: { value: expect.stringContaining('development') as string, isDevelopmentDefault: true },
      shutdownGraceSeconds: 10,
      passwordHashConcurrency: Math.min(availableParallelism(), 3),
      passwordHashMaxWaitMs: 2000,
      metrics: { kind: 'off' },
    });
  });

  it('treats empty variables like unset ones', () => {
    expect(
      loadConfig({
        NODE_ENV: '',
        PORT: '',
        DEMO_PORT: '',
        PUBLIC_URL: '',
        DATABASE_URL: '',
        KIRISH_DOMAIN: '',
        SMTP_URL: '',
        TRUST_PROXY: '',
      }),
    ).toEqual(loadConfig({}));
  });

  it('derives the default public URL from PORT', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '9000',
      DEMO_PORT: '9001',
      PUBLIC_URL: 'https://id.kirish.uz/',
      DATABASE_URL: 'sqlite:/var/lib/kirish/kirish.db',
      KIRISH_DOMAIN: ' Kirish.UZ ',
      KIRISH_PRODUCT: 'uzum',
      SMTP_URL: 'smtp://mail.kirish.uz:25',
      SMTP_FROM: 'Kirish <id@kirish.uz>',
      SMS_GATEWAY_URL: 'http://sms.local/send',
      TRUST_PROXY: '1',
      KIRISH_ALLOW_DEV_ON_PUBLIC_URL: '1',
      KIRISH_DEMO_ACCOUNT: '1',
      KEY_ENCRYPTION_SECRET: 'a-test-secret-of-thirty-two-characters',
      SHUTDOWN_GRACE_SECONDS: '25',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_MAX_WAIT_SECONDS: '5',
      METRICS_PORT: '9090',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-metrics-token-of-thirty-two-chars',
    });
    expect({ ...config, social: undefined, sms: undefined, payments: undefined }).toEqual({
      env: 'test',
      port: 9000,
      demoPort: 9001,
      publicUrl: 'https://id.kirish.uz',
      database: { kind: 'sqlite', path: '/var/lib/kirish/kirish.db' },
      domain: 'kirish.uz',
      product: 'uzum',
      smtpUrl: 'smtp://mail.kirish.uz:25',
      smtpFrom: 'Kirish <id@kirish.uz>',
      smsGatewayUrl: 'http://sms.local/send',
      trustProxy: { kind: 'hops', hops: 1 },
      seedDemoAccount: true,
      keyEncryptionSecret: { value: 'a-test-secret-of-thirty-two-characters', isDevelopmentDefault: false },
      shutdownGraceSeconds: 25,
      passwordHashConcurrency: 1,
      passwordHashMaxWaitMs: 5000,
      metrics: { kind: 'port', port: 9090, host: '0.0.0.0', token: 'a-metrics-token-of-thirty-two-chars' },
    });
  });

  it('reads sqlite:///absolute/path as the absolute path', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/kirish.db' }).database).toEqual({
      kind: 'sqlite',
      path: '/srv/kirish.db',
    });
  });

  it('reads TRUST_PROXY as a number of proxies, or as the ranges of their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8' }).trustProxy).toEqual({
      kind: 'ranges',
      ranges: ['10.0.0.0/8', '192.168.1.10/32', 'fd00::/8'],
    });
  });

  it('refuses TRUST_PROXY=true, which would believe whatever a client writes, and says what it takes instead', () => {
    expect(configErrorMessage({ TRUST_PROXY: 'true' })).toMatch(
      /^TRUST_PROXY must be 0, the number of proxies .*\(1 for one\), or a comma-separated list of their addresses or CIDR ranges .*\(got "true"\)$/,
    );
  });

  it('refuses a development mode on a public PUBLIC_URL unless the operator opts in', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(configErrorMessage({ ...env, PUBLIC_URL: 'https://id.kirish.uz' })).toMatch(
        /^PUBLIC_URL must be a loopback origin .*NODE_ENV=production, or KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1 .*\(got "https:\/\/id\.kirish\.uz"\)$/,
      );
    }
    expect(configErrorMessage({ PUBLIC_URL: 'http://192.168.1.20:8080' })).toMatch(/^PUBLIC_URL /);
    expect(configErrorMessage({ PUBLIC_URL: 'http://localhost.example.uz' })).toMatch(/^PUBLIC_URL /);
    expect(loadConfig({ PUBLIC_URL: 'https://id.kirish.uz', KIRISH_ALLOW_DEV_ON_PUBLIC_URL: '1' }).publicUrl).toBe(
      'https://id.kirish.uz',
    );
  });

  it.each([
    'http://localhost:8080',
    'http://kirish.localhost',
    'http://127.0.0.1:9000',
    'http://127.5.6.7',
    'http://[::1]:8080',
  ])('takes the loopback %s outside production, with the demo account', (url) => {
    const config = loadConfig({ PUBLIC_URL: url });
    expect(config.env).toBe('development');
    expect(config.seedDemoAccount).toBe(true);
  });

  it('creates the demo account on a public host only when asked, and lets it be turned off on loopback', () => {
    const publicDev = { PUBLIC_URL: 'https://dev.kirish.uz', KIRISH_ALLOW_DEV_ON_PUBLIC_URL: '1' };
    expect(loadConfig(publicDev).seedDemoAccount).toBe(false);
    expect(loadConfig({ ...publicDev, KIRISH_DEMO_ACCOUNT: '1' }).seedDemoAccount).toBe(true);
    expect(loadConfig({ KIRISH_DEMO_ACCOUNT: '0' }).seedDemoAccount).toBe(false);
  });

  it('never creates the demo account in production, and refuses being asked to', () => {
    expect(loadConfig(PRODUCTION).seedDemoAccount).toBe(false);
    expect(configErrorMessage({ ...PRODUCTION, KIRISH_DEMO_ACCOUNT: '1' })).toMatch(
      /^KIRISH_DEMO_ACCOUNT .*production/,
    );
  });

  it('uses the domain for the default sender address', () => {
    expect(loadConfig({ KIRISH_DOMAIN: 'kirish.uz' }).smtpFrom).toBe('Kirish <no-reply@kirish.uz>');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '0' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['PORT', { PORT: '8080 ' }],
    ['DEMO_PORT', { DEMO_PORT: '65536' }],
    ['DEMO_PORT', { PORT: '9000', DEMO_PORT: '9000' }],
    ['DEMO_PORT', { DEMO_PORT: '8080' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://id.kirish.uz/app' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://id.kirish.uz/?a=1' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://id.kirish.uz/#top' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'id.kirish.uz' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://kirish:secret@[db/kirish' }],
    ['DATABASE_POOL_SIZE', { DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: '101' }],
    ['DATABASE_POOL_SIZE', { DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: '2.5' }],
    ['DATABASE_POOL_SIZE', { DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: 'ten' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
    ['DATABASE_URL', { DATABASE_URL: './data/kirish.db' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['NODE_ENV', { NODE_ENV: 'Production' }],
    ['KIRISH_DOMAIN', { KIRISH_DOMAIN: 'bad domain' }],
    ['KIRISH_DOMAIN', { KIRISH_DOMAIN: 'kirish.uz/path' }],
    ['KIRISH_DOMAIN', { KIRISH_DOMAIN: '-kirish.uz' }],
    ['KIRISH_PRODUCT', { KIRISH_PRODUCT: 'Kirish' }],
    ['KIRISH_PRODUCT', { KIRISH_PRODUCT: 'x' }],
    ['SMTP_URL', { SMTP_URL: 'http://x' }],
    ['SMTP_URL', { SMTP_URL: 'not a url' }],
    ['SMS_GATEWAY_URL', { SMS_GATEWAY_URL: 'smtp://x' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '11' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8, proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8,' }],
    ['KIRISH_ALLOW_DEV_ON_PUBLIC_URL', { KIRISH_ALLOW_DEV_ON_PUBLIC_URL: 'yes' }],
    ['KIRISH_DEMO_ACCOUNT', { KIRISH_DEMO_ACCOUNT: 'true' }],
  ])('refuses a bad %s with a ConfigError that names it: %j', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    const message = configErrorMessage(env);
    expect(message.startsWith(`${variable} `), message).toBe(true);
  });

  it('quotes the bad value in the message', () => {
    expect(configErrorMessage({ PORT: 'abc' })).toBe('PORT must be a whole number from 1 to 65535 (got "abc")');
  });

  it('reads UPLOADS_DIR as the folder of profile photos, unset when empty', () => {
    expect(loadConfig({ UPLOADS_DIR: '/srv/kirish/uploads' }).uploadsDir).toBe('/srv/kirish/uploads');
    expect(loadConfig({ UPLOADS_DIR: ' ' }).uploadsDir).toBeUndefined();
  });

  it('reads a postgres:// or postgresql:// URL with a pool of 10 connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://kirish:secret@db:5432/kirish' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://kirish:secret@db:5432/kirish',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/kirish', DATABASE_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://db/kirish',
      poolSize: 25,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: '100' }).database).toMatchObject({
      poolSize: 100,
    });
  });

  it('never repeats the password of a PostgreSQL URL it refuses', () => {
    const message = configErrorMessage({ DATABASE_URL: 'postgres://kirish:secret@[db/kirish' });
    expect(message).toMatch(/^DATABASE_URL must be a postgres:\/\/USER:PASSWORD@HOST:PORT\/DATABASE URL/);
    expect(message).not.toContain('secret');
  });

  it('names the range DATABASE_POOL_SIZE must be in', () => {
    expect(configErrorMessage({ DATABASE_URL: 'postgres://db/kirish', DATABASE_POOL_SIZE: '0' })).toBe(
      'DATABASE_POOL_SIZE must be a whole number from 1 to 100 (got "0")',
    );
  });

  it('accepts production with an SMTP URL, an SMS gateway and an https public URL', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.env).toBe('production');
    expect(config.publicUrl).toBe('https://id.kirish.uz');
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.kirish.uz:465');
    expect(config.smsGatewayUrl).toBe('https://sms.example.uz/send');
  });

  it('requires KEY_ENCRYPTION_SECRET in production, and 32 characters or more wherever it is set, never echoing it', () => {
    expect(configErrorMessage({ ...PRODUCTION, KEY_ENCRYPTION_SECRET: undefined })).toMatch(
      /^KEY_ENCRYPTION_SECRET .*production/,
    );
    expect(configErrorMessage({ KEY_ENCRYPTION_SECRET: 'short-secret' })).toBe(
      'KEY_ENCRYPTION_SECRET must be at least 32 characters (got 12)',
    );
    expect(loadConfig(PRODUCTION).keyEncryptionSecret).toEqual({
      value: PRODUCTION.KEY_ENCRYPTION_SECRET,
      isDevelopmentDefault: false,
    });
  });

  it('refuses in production the published development secret and a guessable one, naming the variable', () => {
    const development = 'kirish-development-only-key-encryption-secret-not-for-production';
    expect(configErrorMessage({ ...PRODUCTION, KEY_ENCRYPTION_SECRET: development })).toBe(
      'KEY_ENCRYPTION_SECRET is the published development secret: generate one (openssl rand -base64 32)',
    );
    for (const guessable of [
      'a'.repeat(44),
      'abc'.repeat(15),
      'abcdefghijklmnop'.repeat(3),
      'passwordpasswordpasswordpassword1',
    ])
      expect(configErrorMessage({ ...PRODUCTION, KEY_ENCRYPTION_SECRET: guessable }), guessable).toMatch(
        /^KEY_ENCRYPTION_SECRET is too easy to guess: about \d+ bits/,
      );
    // What the README says to run passes, and outside production the development secret is the default.
    expect(
      loadConfig({ ...PRODUCTION, KEY_ENCRYPTION_SECRET: 'uJ7q0mX2Yt9fKc4Lr8VbN1sWd6Ge3Hp5Za0Qx2Ti9Ok=' })
        .keyEncryptionSecret.value,
    ).toHaveLength(44);
    expect(loadConfig({ KEY_ENCRYPTION_SECRET: development }).keyEncryptionSecret.value).toBe(development);
  });

  it('takes KEY_ENCRYPTION_SECRET_PREVIOUS while the secret is replaced: 32 characters or more, and not the secret itself', () => {
    const previous = 'the-secret-being-replaced-of-32-chars';
    expect(loadConfig({ ...PRODUCTION, KEY_ENCRYPTION_SECRET_PREVIOUS: previous }).keyEncryptionSecret).toStrictEqual({
      value: PRODUCTION.KEY_ENCRYPTION_SECRET,
      isDevelopmentDefault: false,
      previous,
    });
    expect(configErrorMessage({ ...PRODUCTION, KEY_ENCRYPTION_SECRET_PREVIOUS: 'short' })).toBe(
      'KEY_ENCRYPTION_SECRET_PREVIOUS must be at least 32 characters (got 5)',
    );
    expect(
      configErrorMessage({ ...PRODUCTION, KEY_ENCRYPTION_SECRET_PREVIOUS: PRODUCTION.KEY_ENCRYPTION_SECRET }),
    ).toBe('KEY_ENCRYPTION_SECRET_PREVIOUS must differ from KEY_ENCRYPTION_SECRET: it is the secret being replaced');
    expect(loadConfig({ ...PRODUCTION, KEY_ENCRYPTION_SECRET_PREVIOUS: '' }).keyEncryptionSecret).toStrictEqual({
      value: PRODUCTION.KEY_ENCRYPTION_SECRET,
      isDevelopmentDefault: false,
    });
  });

  it('refuses production without SMTP_URL', () => {
    expect(configErrorMessage({ ...PRODUCTION, SMTP_URL: undefined })).toMatch(/^SMTP_URL .*production/);
    expect(configErrorMessage({ ...PRODUCTION, SMTP_URL: '' })).toMatch(/^SMTP_URL /);
  });

  it('refuses production without SMS_GATEWAY_URL', () => {
    expect(configErrorMessage({ ...PRODUCTION, SMS_GATEWAY_URL: undefined })).toMatch(/^SMS_GATEWAY_URL .*production/);
  });

  it('refuses production with an http public URL', () => {
    expect(configErrorMessage({ ...PRODUCTION, PUBLIC_URL: 'http://id.kirish.uz' })).toMatch(/^PUBLIC_URL .*https/);
  });

  it('refuses production without a public URL, since the default is http://localhost', () => {
    expect(configErrorMessage({ ...PRODUCTION, PUBLIC_URL: undefined })).toMatch(/^PUBLIC_URL /);
  });
});
