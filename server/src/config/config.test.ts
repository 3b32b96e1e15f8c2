import { describe, it, expect } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

type Env = Record<string, string | undefined>;

/**
 * The message of the ConfigError that loadConfig throws for `env`, or a description of what happened
 * instead (accepted, or another error), which no assertion on a ConfigError message matches.
 */
function configErrorMessage(env: Env): string {
  try {
    loadConfig(env);
    return `(accepted ${JSON.stringify(env)})`;
  } catch (error) {
    return error instanceof ConfigError && error.name === 'ConfigError' ? error.message : `(threw ${String(error)}, not a ConfigError)`;
  }
}

const PRODUCTION: Env = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://id.kirish.uz',
  SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
  SMS_GATEWAY_URL: 'https://sms.example.uz/send',
};

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
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
      trustProxy: false,
    });
  });

  it('treats empty variables like unset ones', () => {
    expect(loadConfig({ NODE_ENV: '', PORT: '', DEMO_PORT: '', PUBLIC_URL: '', DATABASE_URL: '', KIRISH_DOMAIN: '', SMTP_URL: '', TRUST_PROXY: '' })).toEqual(
      loadConfig({}),
    );
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
      TRUST_PROXY: 'true',
    });
    expect(config).toEqual({
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
      trustProxy: true,
    });
  });

  it('reads sqlite:///absolute/path as the absolute path', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/kirish.db' }).database).toEqual({ kind: 'sqlite', path: '/srv/kirish.db' });
  });

  it('accepts 1, 0, true and false for TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
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
    ['DATABASE_URL', { DATABASE_URL: 'postgres://kirish:secret@db:5432/kirish' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgresql://db/kirish' }],
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
  ])('refuses a bad %s with a ConfigError that names it: %j', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    const message = configErrorMessage(env);
    expect(message.startsWith(`${variable} `), message).toBe(true);
  });

  it('quotes the bad value in the message', () => {
    expect(configErrorMessage({ PORT: 'abc' })).toBe('PORT must be a whole number from 1 to 65535 (got "abc")');
  });

  it('says that PostgreSQL is not supported yet rather than that the URL is malformed', () => {
    expect(configErrorMessage({ DATABASE_URL: 'postgres://kirish@db/kirish' })).toMatch(/^DATABASE_URL .*PostgreSQL.*not built yet/);
  });

  it('accepts production with an SMTP URL, an SMS gateway and an https public URL', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.env).toBe('production');
    expect(config.publicUrl).toBe('https://id.kirish.uz');
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.kirish.uz:465');
    expect(config.smsGatewayUrl).toBe('https://sms.example.uz/send');
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
