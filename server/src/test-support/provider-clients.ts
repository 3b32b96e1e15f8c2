/**
 * Kirish's provider clients (services/social/) pointed at the stand-in of `useStandin()` (test-support/standin.ts)
 * through the base-URL overrides, as a deployment would point them at another host: the tests of each
 * client run its whole protocol over HTTP against the stand-in's real answers.
 */
import { expect } from 'vitest';
import { loadConfig, type Config } from '../config/config.js';
import { standinRegistrations } from '../config/social-config.js';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../contract/social.js';
import { ApiError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { LogFields } from '../lib/json-log.js';
import type { FlowSecrets, ProviderClient, ProviderClients } from '../services/social/provider-client.js';
import { createProviderClients } from '../services/social/provider-clients.js';
import type { StandinClients } from '../standin/options.js';
import { startStandin, type RunningStandin } from '../standin/standin.js';
import { appleKey, KIRISH, type StandinUnderTest } from './standin.js';

export interface ClientsUnderTest {
  client(provider: SocialProvider): ProviderClient;
  /** The warning lines the clients wrote, to check that none carries a secret. */
  lines: { message: string; fields: LogFields }[];
}

/** What to give the clients instead of the stand-in's clock and the global fetch. */
export interface ClientOptions {
  clock?: Clock;
  fetch?: typeof fetch;
}

export function useProviderClients(standin: StandinUnderTest, options: ClientOptions = {}): ClientsUnderTest {
  let clients: ProviderClients | undefined;
  const lines: ClientsUnderTest['lines'] = [];
  const made = () => {
    const origin = standin.origin();
    const overrides = Object.fromEntries(
      SOCIAL_PROVIDERS.map((provider) => [`${provider.toUpperCase()}_BASE_URL`, `${origin}/${provider}`]),
    );
    const config = loadConfig({
      PUBLIC_URL: KIRISH,
      ...overrides,
      // Apple's key as the stand-in of useStandin() registered it.
      APPLE_CLIENT_ID: 'kirish-apple',
      APPLE_TEAM_ID: 'STANDINTEAM',
      APPLE_KEY_ID: 'STANDINKEY',
      APPLE_PRIVATE_KEY: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    return createProviderClients(config, {
      clock: options.clock ?? standin.clock,
      fetch: options.fetch,
      log: (message, fields) => lines.push({ message, fields }),
    });
  };
  return {
    lines,
    client(provider) {
      clients ??= made();
      const client = clients[provider];
      if (!client) throw new Error(`${provider} is offered outside production`);
      return client;
    },
  };
}

export const flowSecrets = (name = 'one'): FlowSecrets => ({
  state: `state-${name}`,
  nonce: `nonce-${name}`,
  codeVerifier: `verifier-${name}-${'v'.repeat(43)}`,
});

/** The error key a client threw (`400 social_token_invalid`), or what happened instead. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return '(accepted)';
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.message}` : `(threw ${String(error)})`;
  }
}

/** No line a client wrote names any of `secrets`. */
export function expectNoSecretIn(lines: ClientsUnderTest['lines'], secrets: (string | null | undefined)[]): void {
  const written = JSON.stringify(lines);
  for (const secret of secrets) if (secret) expect(written).not.toContain(secret);
}

/**
 * The stand-in on `port` with exactly the clients `standinRegistrations` hands it for `config`, as
 * `npm start` wires the two: the stand-in's own options type takes the registrations as they are.
 */
export function startRegisteredStandin(port: number, config: Config, clock: Clock): Promise<RunningStandin> {
  const clients: StandinClients = standinRegistrations(config.social, config.publicUrl);
  return startStandin(port, { clock, clients });
}
