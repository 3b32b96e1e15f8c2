import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS } from '../contract/social.js';
import { loadConfig } from './config.js';
import { DEVELOPMENT_APPLE_PRIVATE_KEY } from './development-apple-key.js';
import { SECRET_CLIENT_PROVIDERS, standinRegistrations } from './social-config.js';
import { configRefusal as refusal, PRODUCTION_ENV as PRODUCTION, type Env } from '../test-support/config-refusals.js';

const OTHER_P256_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const GOOGLE: Env = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'g-secret' };
const APPLE: Env = {
  APPLE_CLIENT_ID: 'uz.kirish.signin',
  APPLE_TEAM_ID: 'A1B2C3D4E5',
  APPLE_KEY_ID: 'K1K2K3K4K5',
  APPLE_PRIVATE_KEY: OTHER_P256_KEY,
};

describe('the social providers outside production', () => {
  it('points every unset provider at the stand-in on 127.0.0.1:8082 with its development credentials', () => {
    const { social } = loadConfig({});
    expect(social.standinPort).toBe(8082);
    expect(Object.keys(social.providers).toSorted()).toEqual([...SOCIAL_PROVIDERS].toSorted());
    expect(social.providers.google).toEqual({
      clientId: 'kirish-google',
      clientSecret: 'standin-google-secret',
      baseUrl: 'http://127.0.0.1:8082/google',
      standin: true,
    });
    expect(social.providers.twitter?.baseUrl).toBe('http://127.0.0.1:8082/twitter');
    expect(social.providers.apple).toMatchObject({
      clientId: 'kirish-apple',
      teamId: 'STANDINTEAM',
      keyId: 'STANDINKEY',
      privateKeyPem: DEVELOPMENT_APPLE_PRIVATE_KEY,
      baseUrl: 'http://127.0.0.1:8082/apple',
    });
    expect(social.providers.telegram).toEqual({
      botToken: '100200300:standin-telegram-bot-token',
      botName: 'kirish_standin_bot',
      baseUrl: 'http://127.0.0.1:8082/telegram',
      standin: true,
    });
  });

  it('moves the stand-in to STANDIN_PORT, which must be a free port of its own', () => {
    expect(loadConfig({ STANDIN_PORT: '9082' }).social.providers.vk?.baseUrl).toBe('http://127.0.0.1:9082/vk');
    expect(refusal({ STANDIN_PORT: 'eighty' })).toMatch(/^STANDIN_PORT must be a whole number from 1 to 65535/);
    expect(refusal({ STANDIN_PORT: '8080' })).toMatch(/^STANDIN_PORT must be a port other than PORT and DEMO_PORT/);
  });

  it('uses a configured provider as configured, and a base-URL override without its trailing slash', () => {
    const { social } = loadConfig({ ...GOOGLE, YANDEX_BASE_URL: 'http://127.0.0.1:9999/yandex/' });
    expect(social.providers.google).toEqual({
      clientId: GOOGLE.GOOGLE_CLIENT_ID,
      clientSecret: GOOGLE.GOOGLE_CLIENT_SECRET,
      baseUrl: null,
      standin: false,
    });
    expect(social.providers.yandex).toMatchObject({
      clientId: 'kirish-yandex',
      baseUrl: 'http://127.0.0.1:9999/yandex',
      standin: true,
    });
  });

  it('refuses a half-configured provider, naming the missing variable', () => {
    expect(refusal({ VK_CLIENT_ID: '5123456' })).toMatch(
      /^VK_CLIENT_SECRET must be set: vk is offered only with all of/,
    );
  });
});

describe('the social providers in production', () => {
  it('offers none while none is configured, and no stand-in', () => {
    expect(loadConfig(PRODUCTION).social).toEqual({ providers: {}, standinPort: null });
  });

  it('offers exactly the configured ones, at their real hosts', () => {
    const { social } = loadConfig({ ...PRODUCTION, ...GOOGLE, ...APPLE });
    expect(Object.keys(social.providers).toSorted()).toEqual(['apple', 'google']);
    expect(social.providers.google).toEqual({
      clientId: GOOGLE.GOOGLE_CLIENT_ID,
      clientSecret: GOOGLE.GOOGLE_CLIENT_SECRET,
      baseUrl: null,
      standin: false,
    });
    expect(social.providers.apple).toMatchObject({ teamId: 'A1B2C3D4E5', keyId: 'K1K2K3K4K5', standin: false });
  });

  it('refuses a half-configured provider at start, naming the missing variable and never a secret', () => {
    expect(refusal({ ...PRODUCTION, GOOGLE_CLIENT_ID: 'id' })).toMatch(/^GOOGLE_CLIENT_SECRET must be set/);
    expect(refusal({ ...PRODUCTION, FACEBOOK_CLIENT_SECRET: 'fb-secret-value' })).toMatch(
      /^FACEBOOK_CLIENT_ID must be set/,
    );
    expect(refusal({ ...PRODUCTION, FACEBOOK_CLIENT_SECRET: 'fb-secret-value' })).not.toContain('fb-secret-value');
    expect(refusal({ ...PRODUCTION, ...APPLE, APPLE_KEY_ID: '' })).toMatch(/^APPLE_KEY_ID must be set/);
    expect(refusal({ ...PRODUCTION, TELEGRAM_BOT_NAME: 'kirish_bot' })).toMatch(/^TELEGRAM_BOT_TOKEN must be set/);
    // An override alone is a provider half configured too: it names where, not who Kirish is.
    expect(refusal({ ...PRODUCTION, ONEID_BASE_URL: 'https://sso.egov.uz' })).toMatch(/^ONEID_CLIENT_ID must be set/);
  });

  it('takes only an https base-URL override with no query', () => {
    expect(refusal({ ...PRODUCTION, ...GOOGLE, GOOGLE_BASE_URL: 'http://google.internal' })).toMatch(
      /^GOOGLE_BASE_URL must be an https:\/\/ URL with no query or fragment in production/,
    );
    expect(refusal({ ...PRODUCTION, ...GOOGLE, GOOGLE_BASE_URL: 'https://g.example/?x=1' })).toMatch(
      /^GOOGLE_BASE_URL must be/,
    );
    expect(
      loadConfig({ ...PRODUCTION, ...GOOGLE, GOOGLE_BASE_URL: 'https://g.example/proxy' }).social.providers.google
        ?.baseUrl,
    ).toBe('https://g.example/proxy');
  });

  it("refuses an Apple key that is not a P-256 PKCS #8 PEM, never quoting it, and reads one written with \\n's", () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const sec1 = createPrivateKey(OTHER_P256_KEY).export({ type: 'sec1', format: 'pem' }).toString();
    for (const key of [rsa, sec1, 'not a key'])
      expect(refusal({ ...PRODUCTION, ...APPLE, APPLE_PRIVATE_KEY: key })).toBe(
        'APPLE_PRIVATE_KEY must be a P-256 private key in PKCS #8 PEM (-----BEGIN PRIVATE KEY-----)',
      );
    const oneLine = OTHER_P256_KEY.trim().replaceAll('\n', '\\n');
    expect(
      loadConfig({ ...PRODUCTION, ...APPLE, APPLE_PRIVATE_KEY: oneLine }).social.providers.apple?.privateKeyPem,
    ).toBe(OTHER_P256_KEY.trim());
  });

  it("refuses a Telegram bot token or name that is not Telegram's shape, never quoting the token", () => {
    const message = refusal({
      ...PRODUCTION,
      TELEGRAM_BOT_TOKEN: 'secret-without-id',
      TELEGRAM_BOT_NAME: 'kirish_bot',
    });
    expect(message).toMatch(/^TELEGRAM_BOT_TOKEN must be the token BotFather gave/);
    expect(message).not.toContain('secret-without-id');
    expect(refusal({ ...PRODUCTION, TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: '@kb' })).toMatch(
      /^TELEGRAM_BOT_NAME must be/,
    );
  });
});

describe('standinRegistrations', () => {
  it("hands the stand-in each of its providers' clients with the redirect URI {PUBLIC_URL}/oauth/{provider}", () => {
    const config = loadConfig({ PORT: '8090', ...GOOGLE });
    const registrations = standinRegistrations(config.social, config.publicUrl);
    expect(registrations.google).toBeUndefined();
    expect(registrations.vk).toEqual([
      { clientId: 'kirish-vk', clientSecret: 'standin-vk-secret', redirectUris: ['http://localhost:8090/oauth/vk'] },
    ]);
    expect(registrations.telegram).toEqual([
      {
        botToken: '100200300:standin-telegram-bot-token',
        botName: 'kirish_standin_bot',
        redirectUris: ['http://localhost:8090/oauth/telegram'],
      },
    ]);
    expect(registrations.apple?.[0]).toMatchObject({
      clientId: 'kirish-apple',
      teamId: 'STANDINTEAM',
      keyId: 'STANDINKEY',
      redirectUris: ['http://localhost:8090/oauth/apple'],
    });
  });

  it("gives Apple's public key: the half of the development key that verifies what it signs", () => {
    const apple = standinRegistrations(loadConfig({}).social, 'http://localhost:8080').apple?.[0];
    const signature = sign('sha256', Buffer.from('client secret'), DEVELOPMENT_APPLE_PRIVATE_KEY);
    expect(verify('sha256', Buffer.from('client secret'), createPublicKey(apple?.publicKeyPem ?? ''), signature)).toBe(
      true,
    );
  });

  it('has nothing to hand in production', () => {
    const config = loadConfig({ ...PRODUCTION, ...GOOGLE });
    expect(standinRegistrations(config.social, config.publicUrl)).toEqual({});
  });
});

describe('the README configuration table', () => {
  it('has a row for every provider variable and STANDIN_PORT', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const variables = [
      ...SECRET_CLIENT_PROVIDERS.flatMap((provider) =>
        ['CLIENT_ID', 'CLIENT_SECRET', 'BASE_URL'].map((name) => `${provider.toUpperCase()}_${name}`),
      ),
      ...['CLIENT_ID', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY', 'BASE_URL'].map((name) => `APPLE_${name}`),
      ...['BOT_TOKEN', 'BOT_NAME', 'BASE_URL'].map((name) => `TELEGRAM_${name}`),
      'STANDIN_PORT',
    ];
    expect(variables).toHaveLength(27);
    for (const variable of variables) expect(readme).toContain(`\n| \`${variable}\` |`);
  });
});
