/**
 * The clients of the offered providers (config/social-config.ts): one per provider that has a
 * configuration, each speaking that provider's protocol (./{provider}.ts, docs/social-sign-in.md).
 */
import { socialRedirectUri, type SocialConfig } from '../../config/social-config.js';
import { createAppleClient } from './apple.js';
import { createFacebookClient } from './facebook.js';
import { createGoogleClient } from './google.js';
import { createOneIdClient } from './oneid.js';
import type { ProviderClients } from './provider-client.js';
import type { ProviderClientDeps } from './provider-http.js';
import { createTelegramClient } from './telegram.js';
import { createTwitterClient } from './twitter.js';
import { createVkClient } from './vk.js';
import { createYandexClient } from './yandex.js';

export type { ProviderClientDeps } from './provider-http.js';

export function createProviderClients(
  config: { social: SocialConfig; publicUrl: string },
  deps: ProviderClientDeps,
): ProviderClients {
  const { providers } = config.social;
  const redirectUri = (provider: Parameters<typeof socialRedirectUri>[1]) =>
    socialRedirectUri(config.publicUrl, provider);
  const clients: ProviderClients = {};
  if (providers.google)
    clients.google = createGoogleClient({ ...providers.google, redirectUri: redirectUri('google') }, deps);
  if (providers.oneid)
    clients.oneid = createOneIdClient({ ...providers.oneid, redirectUri: redirectUri('oneid') }, deps);
  if (providers.telegram)
    clients.telegram = createTelegramClient(
      { ...providers.telegram, redirectUri: redirectUri('telegram'), publicUrl: config.publicUrl },
      deps,
    );
  if (providers.yandex)
    clients.yandex = createYandexClient({ ...providers.yandex, redirectUri: redirectUri('yandex') }, deps);
  if (providers.vk) clients.vk = createVkClient({ ...providers.vk, redirectUri: redirectUri('vk') }, deps);
  if (providers.facebook)
    clients.facebook = createFacebookClient({ ...providers.facebook, redirectUri: redirectUri('facebook') }, deps);
  if (providers.apple)
    clients.apple = createAppleClient({ ...providers.apple, redirectUri: redirectUri('apple') }, deps);
  if (providers.twitter)
    clients.twitter = createTwitterClient({ ...providers.twitter, redirectUri: redirectUri('twitter') }, deps);
  return clients;
}
