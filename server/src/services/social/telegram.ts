/**
 * Telegram's login widget (docs/social-sign-in.md, Telegram): Telegram sends the person back with their
 * fields and a `hash`, which Kirish checks as core.telegram.org/widgets/login ("Checking authorization")
 * says: the hex HMAC-SHA-256 of the data-check-string (every received field but `hash`, `key=value`,
 * sorted by key, joined by "\n"), keyed by SHA-256 of the bot token, compared in constant time; and
 * `auth_date` must be recent, so that an old signed link is not a sign-in for ever.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramConfig } from '../../config/social-config.js';
import { TELEGRAM_AUTH_MAX_AGE_SECONDS } from '../../config/policy.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import { createProviderHttp, endpointUrl, identityOf, withQuery, type ProviderClientDeps } from './provider-http.js';

const LOGIN = 'https://oauth.telegram.org/auth';
/** A clock a little ahead of ours is not a forgery; a date further ahead is. */
const FUTURE_SKEW_SECONDS = 60;

/** The data-check-string of core.telegram.org/widgets/login: every field but `hash`, sorted, `key=value` per line. */
export function telegramDataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .toSorted()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

/** The `hash` Telegram signs `fields` with for the bot `botToken`. */
export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(fields)).digest('hex');
}

export function createTelegramClient(
  config: TelegramConfig & { redirectUri: string; publicUrl: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('telegram', deps);
  const botId = config.botToken.slice(0, config.botToken.indexOf(':'));

  return {
    provider: 'telegram',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(endpointUrl(config.baseUrl, LOGIN), {
        bot_id: botId,
        origin: config.publicUrl,
        // Kirish's own state rides in return_to's query; Telegram adds its fields beside it.
        return_to: withQuery(config.redirectUri, { state: flow.state }),
        request_access: 'write',
      }),

    identify(input: CallbackInput) {
      if (input.kind !== 'fields') return Promise.reject(http.refused('callback', `a ${input.kind}, not fields`));
      const { fields } = input;
      const given = fields.hash ?? '';
      const expected = Buffer.from(telegramHash(fields, config.botToken), 'hex');
      const received = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
      if (received.length !== expected.length || !timingSafeEqual(received, expected))
        return Promise.reject(http.refused('hash', 'does not match'));

      const authDate = /^\d{1,12}$/.test(fields.auth_date ?? '') ? Number(fields.auth_date) : NaN;
      const ageSeconds = deps.clock.now() / 1000 - authDate;
      if (!(ageSeconds < TELEGRAM_AUTH_MAX_AGE_SECONDS && ageSeconds > -FUTURE_SKEW_SECONDS))
        return Promise.reject(http.refused('auth_date', 'too old or in the future'));
      const subject = fields.id ?? '';
      if (!/^\d{1,20}$/.test(subject)) return Promise.reject(http.failed('fields', 'no id'));

      const firstName = fields.first_name ?? '';
      const lastName = fields.last_name ?? '';
      const username = fields.username;
      return Promise.resolve(
        identityOf('telegram', subject, {
          firstName,
          lastName,
          display: username ? `@${username}` : `${firstName} ${lastName}`.trim() || null,
          pictureUrl: fields.photo_url ?? null,
        }),
      );
    },
  };
}
