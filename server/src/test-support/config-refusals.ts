/**
 * What the configuration tests share: the message of the ConfigError that `loadConfig` throws for an
 * environment, and the smallest environment production accepts, which each area's test adds to.
 */
import { ConfigError, loadConfig } from '../config/config.js';

export type Env = Record<string, string | undefined>;

/**
 * The message of the ConfigError that loadConfig throws for `env`, or a description of what happened
 * instead (accepted, or another error), which no assertion on a ConfigError message matches.
 */
export function configRefusal(env: Env): string {
  try {
    loadConfig(env);
    return `(accepted ${JSON.stringify(env)})`;
  } catch (error) {
    return error instanceof ConfigError && error.name === 'ConfigError'
      ? error.message
      : `(threw ${String(error)}, not a ConfigError)`;
  }
}

/** The settings production cannot start without (docs/deploy.md). */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://id.kirish.uz',
  SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
  SMS_GATEWAY_URL: 'https://sms.example.uz/send',
  KEY_ENCRYPTION_SECRET: 'Yq3Nf0-production-secret-of-32-chars-or-more',
};
