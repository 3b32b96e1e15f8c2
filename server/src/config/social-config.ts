/**
 * The social providers' configuration (docs/social-sign-in.md, Configuration), read by loadConfig
 * (config/config.ts) with the rest. In production a provider is offered only when every one of its
 * variables is set, and a provider with some but not all of them stops the start, naming the missing
 * one. Outside production an unset provider points at the stand-in (`http://127.0.0.1:{STANDIN_PORT}/{provider}`)
 * with the stand-in's published development credentials, which `standinRegistrations` hands to it.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { SocialProvider } from '../contract/social.js';
import { DEVELOPMENT_APPLE_PRIVATE_KEY } from './development-apple-key.js';
import {
  ConfigError,
  fail,
  readBaseUrl as readUrl,
  readStandinPort,
  readTrimmed as read,
  type Env,
} from './read-environment.js';

/** The providers whose credentials are a client id and secret (OAuth 2.0, RFC 6749 §2.3.1). */
export const SECRET_CLIENT_PROVIDERS = ['google', 'yandex', 'vk', 'facebook', 'oneid', 'twitter'] as const;
export type SecretClientProvider = (typeof SECRET_CLIENT_PROVIDERS)[number];

/**
 * Where a provider's endpoints are: `{baseUrl}{path}` with the real endpoint's path when `baseUrl` is set
 * (an override, or the stand-in), each real host otherwise (docs/social-sign-in.md, Where the endpoints are).
 */
interface ProviderBase {
  baseUrl: string | null;
  /** The provider is the stand-in, with its development credentials (never in production). */
  standin: boolean;
}

export interface SecretClientConfig extends ProviderBase {
  clientId: string;
  clientSecret: string;
}

export interface AppleConfig extends ProviderBase {
  /** The Services ID. */
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS #8 PEM of a P-256 key: it signs the ES256 client secret. */
  privateKeyPem: string;
}

export interface TelegramConfig extends ProviderBase {
  botToken: string;
  botName: string;
}

export type SocialProvidersConfig = { [P in SecretClientProvider]?: SecretClientConfig } & {
  apple?: AppleConfig;
  telegram?: TelegramConfig;
};

export interface SocialConfig {
  /** Only the offered providers have an entry. */
  providers: SocialProvidersConfig;
  /** Outside production, the port of the stand-in `npm start` serves (STANDIN_PORT); null in production. */
  standinPort: number | null;
}

const STANDIN_PORT_DEFAULT = 8082;
const STANDIN_HOST = '127.0.0.1';

/** The stand-in's published development credentials (docs/social-sign-in.md, Configuration). */
export const STANDIN_APPLE_TEAM_ID = 'STANDINTEAM';
export const STANDIN_APPLE_KEY_ID = 'STANDINKEY';
export const STANDIN_TELEGRAM_BOT_TOKEN = '100200300:standin-telegram-bot-token';
export const STANDIN_TELEGRAM_BOT_NAME = 'kirish_standin_bot';
export const standinClientId = (provider: SocialProvider): string => `kirish-${provider}`;
export const standinClientSecret = (provider: SocialProvider): string => `standin-${provider}-secret`;

/** The variable names of a provider, by what they hold: `GOOGLE_CLIENT_ID` … */
const variable = (provider: SocialProvider, name: string): string => `${provider.toUpperCase()}_${name}`;

/**
 * The variables of one provider, all or none: a provider with some set is a start-up error naming the
 * first missing one (a half-configured provider would fail at the first sign-in instead). Null when none is set.
 */
function readAll<K extends string>(
  env: Env,
  provider: SocialProvider,
  names: readonly K[],
  baseSet: boolean,
  production: boolean,
): Record<K, string> | null {
  const values = names.map((name) => read(env, variable(provider, name)));
  const anySet = values.some((value) => value !== undefined) || (production && baseSet);
  if (!anySet) return null;
  const missing = names.find((_, index) => values[index] === undefined);
  if (missing !== undefined) {
    const all = names.map((name) => variable(provider, name)).join(', ');
    throw new ConfigError(
      `${variable(provider, missing)} must be set: ${provider} is offered only with all of ${all} (unset them all to turn ${provider} off${production ? '' : ' and use the stand-in'})`,
    );
  }
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as Record<K, string>;
}

/** A PEM in an environment variable often has its line breaks written as `\n`. */
function readApplePrivateKey(raw: string): string {
  const pem = raw.replaceAll('\\n', '\n');
  // The message never quotes the key: a secret never goes to a log.
  const problem = 'APPLE_PRIVATE_KEY must be a P-256 private key in PKCS #8 PEM (-----BEGIN PRIVATE KEY-----)';
  let curve: string | undefined;
  try {
    curve = createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyDetails?.namedCurve;
  } catch {
    throw new ConfigError(problem);
  }
  if (!pem.includes('-----BEGIN PRIVATE KEY-----') || curve !== 'prime256v1') throw new ConfigError(problem);
  return pem;
}

/** Telegram's bot token is `{bot id}:{secret}` (core.telegram.org/bots/api, Authorizing your bot). */
const TELEGRAM_BOT_TOKEN = /^\d+:[A-Za-z0-9_-]+$/;
/** A bot's username: 5 to 32 letters, digits and underscores (core.telegram.org/bots/features#botfather). */
const TELEGRAM_BOT_NAME = /^[A-Za-z0-9_]{5,32}$/;

function readTelegram(values: Record<'BOT_TOKEN' | 'BOT_NAME', string>): Pick<TelegramConfig, 'botToken' | 'botName'> {
  if (!TELEGRAM_BOT_TOKEN.test(values.BOT_TOKEN))
    throw new ConfigError('TELEGRAM_BOT_TOKEN must be the token BotFather gave, {digits}:{letters, digits, - and _}');
  if (!TELEGRAM_BOT_NAME.test(values.BOT_NAME))
    fail('TELEGRAM_BOT_NAME', "the bot's username without @: 5 to 32 letters, digits and _", values.BOT_NAME);
  return { botToken: values.BOT_TOKEN, botName: values.BOT_NAME };
}

/** Reads every provider's variables; `ports` are PORT and DEMO_PORT, which the stand-in must not take. */
export function readSocialConfig(env: Env, production: boolean, ports: number[]): SocialConfig {
  const standinPort = readStandinPort(env, production, 'STANDIN_PORT', STANDIN_PORT_DEFAULT, {
    ports,
    names: 'PORT and DEMO_PORT',
  });
  const providers: SocialProvidersConfig = {};
  const where = (provider: SocialProvider, configured: boolean, baseUrl: string | null): ProviderBase =>
    configured || standinPort === null
      ? { baseUrl, standin: false }
      : { baseUrl: baseUrl ?? `http://${STANDIN_HOST}:${standinPort}/${provider}`, standin: true };
  const offered = (configured: boolean) => configured || !production;

  for (const provider of SECRET_CLIENT_PROVIDERS) {
    const baseUrl = readUrl(env, variable(provider, 'BASE_URL'), production) ?? null;
    const values = readAll(env, provider, ['CLIENT_ID', 'CLIENT_SECRET'], baseUrl !== null, production);
    if (!offered(values !== null)) continue;
    providers[provider] = {
      clientId: values?.CLIENT_ID ?? standinClientId(provider),
      clientSecret: values?.CLIENT_SECRET ?? standinClientSecret(provider),
      ...where(provider, values !== null, baseUrl),
    };
  }

  const appleBase = readUrl(env, variable('apple', 'BASE_URL'), production) ?? null;
  const apple = readAll(
    env,
    'apple',
    ['CLIENT_ID', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'],
    appleBase !== null,
    production,
  );
  if (offered(apple !== null))
    providers.apple = {
      clientId: apple?.CLIENT_ID ?? standinClientId('apple'),
      teamId: apple?.TEAM_ID ?? STANDIN_APPLE_TEAM_ID,
      keyId: apple?.KEY_ID ?? STANDIN_APPLE_KEY_ID,
      privateKeyPem: apple ? readApplePrivateKey(apple.PRIVATE_KEY) : DEVELOPMENT_APPLE_PRIVATE_KEY,
      ...where('apple', apple !== null, appleBase),
    };

  const telegramBase = readUrl(env, variable('telegram', 'BASE_URL'), production) ?? null;
  const telegram = readAll(env, 'telegram', ['BOT_TOKEN', 'BOT_NAME'], telegramBase !== null, production);
  if (offered(telegram !== null))
    providers.telegram = {
      ...(telegram
        ? readTelegram(telegram)
        : { botToken: STANDIN_TELEGRAM_BOT_TOKEN, botName: STANDIN_TELEGRAM_BOT_NAME }),
      ...where('telegram', telegram !== null, telegramBase),
    };

  return { providers, standinPort };
}

/** Kirish's redirect URI at every provider: the SPA's MidOauth route (docs/social-sign-in.md). */
export function socialRedirectUri(publicUrl: string, provider: SocialProvider): string {
  return `${publicUrl}/oauth/${provider}`;
}

/** One client registered at the stand-in, as Kirish is registered at the real provider. */
export interface StandinClientRegistration {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * What the stand-in must know of Kirish to serve the providers that point at it (docs/social-sign-in.md,
 * Configuration), in the shape of the stand-in's `StandinClients` (standin/options.ts): each provider's
 * client, Apple's team, key id and public key (it verifies the ES256 client secret with it), Telegram's
 * bot. Only the providers whose configuration is the stand-in's are here.
 */
export type StandinRegistrations = { [P in SecretClientProvider]?: StandinClientRegistration[] } & {
  apple?: { clientId: string; redirectUris: string[]; teamId: string; keyId: string; publicKeyPem: string }[];
  telegram?: { botToken: string; botName: string; redirectUris: string[] }[];
};

export function standinRegistrations(social: SocialConfig, publicUrl: string): StandinRegistrations {
  const registrations: StandinRegistrations = {};
  const redirectUris = (provider: SocialProvider) => [socialRedirectUri(publicUrl, provider)];
  for (const provider of SECRET_CLIENT_PROVIDERS) {
    const config = social.providers[provider];
    if (config?.standin)
      registrations[provider] = [
        { clientId: config.clientId, clientSecret: config.clientSecret, redirectUris: redirectUris(provider) },
      ];
  }
  const { apple, telegram } = social.providers;
  if (apple?.standin)
    registrations.apple = [
      {
        clientId: apple.clientId,
        redirectUris: redirectUris('apple'),
        teamId: apple.teamId,
        keyId: apple.keyId,
        publicKeyPem: createPublicKey(apple.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
      },
    ];
  if (telegram?.standin)
    registrations.telegram = [
      { botToken: telegram.botToken, botName: telegram.botName, redirectUris: redirectUris('telegram') },
    ];
  return registrations;
}
