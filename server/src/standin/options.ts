/**
 * What the stand-in identity provider is told at start (docs/social-sign-in.md, "The stand-in"): its own
 * public origin, a clock, and the clients registered with each provider, as a developer console would
 * hold them. Several clients may be registered with one provider: a token issued to one must be refused
 * by the other (token substitution), which only a second client can show.
 */
import type { Clock } from '../lib/clock.js';

/** A client as an OAuth 2.0 provider registers it (RFC 6749 §2): its id, its secret, its exact redirect URIs. */
export interface StandinClient {
  clientId: string;
  clientSecret: string;
  /** Compared whole and exactly (RFC 6749 §3.1.2.3 with a full URI registered). */
  redirectUris: readonly string[];
}

/** An Apple Services ID: no shared secret; the client secret is an ES256 JWT signed by the key registered here. */
export interface StandinAppleClient {
  clientId: string;
  redirectUris: readonly string[];
  teamId: string;
  keyId: string;
  /** The public half of the client's P-256 key, PEM (SPKI; a PKCS #8 private key PEM works too). */
  publicKeyPem: string;
}

/** A Telegram bot with a login widget: its token, its name, and the pages it may return to (its domain). */
export interface StandinTelegramBot {
  /** `{bot id}:{secret}`, as BotFather hands it out; the widget's `bot_id` is the number before the colon. */
  botToken: string;
  botName: string;
  /** `return_to` must be one of these (compared without its query, which is the client's own). */
  redirectUris: readonly string[];
}

export interface StandinClients {
  google?: readonly StandinClient[];
  yandex?: readonly StandinClient[];
  vk?: readonly StandinClient[];
  facebook?: readonly StandinClient[];
  apple?: readonly StandinAppleClient[];
  oneid?: readonly StandinClient[];
  telegram?: readonly StandinTelegramBot[];
  twitter?: readonly StandinClient[];
}

export interface StandinOptions {
  /** Where the stand-in is reached, e.g. `http://127.0.0.1:8082`: Apple's issuer is `{origin}/apple`. */
  origin: string;
  clock: Clock;
  clients: StandinClients;
}

export type StandinProvider = keyof StandinClients;

/** Exported for the lead's wiring (main.ts): the development credentials of docs/social-sign-in.md. */
export const STANDIN_TELEGRAM_BOT_TOKEN = '100200300:standin-telegram-bot-token';
export const STANDIN_TELEGRAM_BOT_NAME = 'kirish_standin_bot';
export const STANDIN_APPLE_TEAM_ID = 'STANDINTEAM';
export const STANDIN_APPLE_KEY_ID = 'STANDINKEY';

/**
 * The clients `npm start` registers: for each provider the development credentials docs/social-sign-in.md
 * names (client id `kirish-{provider}`, secret `standin-{provider}-secret`), redirecting to
 * `{kirishUrl}/oauth/{provider}`. Apple's key is Kirish's development key's public half.
 */
export function developmentClients(kirishUrl: string, applePublicKeyPem: string): StandinClients {
  const client = (provider: string): StandinClient[] => [
    {
      clientId: `kirish-${provider}`,
      clientSecret: `standin-${provider}-secret`,
      redirectUris: [`${kirishUrl}/oauth/${provider}`],
    },
  ];
  return {
    google: client('google'),
    yandex: client('yandex'),
    vk: client('vk'),
    facebook: client('facebook'),
    oneid: client('oneid'),
    twitter: client('twitter'),
    apple: [
      {
        clientId: 'kirish-apple',
        redirectUris: [`${kirishUrl}/oauth/apple`],
        teamId: STANDIN_APPLE_TEAM_ID,
        keyId: STANDIN_APPLE_KEY_ID,
        publicKeyPem: applePublicKeyPem,
      },
    ],
    telegram: [
      {
        botToken: STANDIN_TELEGRAM_BOT_TOKEN,
        botName: STANDIN_TELEGRAM_BOT_NAME,
        redirectUris: [`${kirishUrl}/oauth/telegram`],
      },
    ],
  };
}
