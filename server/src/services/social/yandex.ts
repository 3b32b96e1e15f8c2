/**
 * Yandex ID (docs/social-sign-in.md, Yandex): the implicit flow (RFC 6749 §4.2) gives the SPA an access
 * token; the profile it opens names the app it was issued to (`client_id`), which must be Kirish's, or a
 * token another app obtained would sign its holder in (token substitution, RFC 6819 §4.6.4).
 */
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  providerPhone,
  readFlag,
  readObject,
  readText,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const AUTHORIZE = 'https://oauth.yandex.ru/authorize';
const PROFILE = 'https://login.yandex.ru/info';
/** Yandex's avatar address for `default_avatar_id` (Yandex ID API, "Accessing user data"). */
const AVATAR = 'https://avatars.yandex.net/get-yapic';

export function createYandexClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('yandex', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);

  return {
    provider: 'yandex',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        response_type: 'token',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        state: flow.state,
      }),

    async identify(input: CallbackInput) {
      if (input.kind !== 'access_token') throw http.refused('callback', `a ${input.kind}, not an access token`);
      const profile = await http.call('info', url(PROFILE), {
        query: { format: 'json' },
        headers: { authorization: `OAuth ${input.accessToken}` },
      });
      if (profile.status !== 200) throw http.refused('info', `status ${profile.status}`);
      if (readText(profile.body, 'client_id') !== config.clientId) throw http.refused('info', 'another client_id');
      const subject = readText(profile.body, 'id');
      if (!subject) throw http.failed('info', 'no id');
      // Yandex confirms the e-mail and phone it gives (docs/social-sign-in.md).
      const email = providerEmail(readText(profile.body, 'default_email'));
      const phone = providerPhone(readText(readObject(profile.body, 'default_phone'), 'number'));
      const avatar = readText(profile.body, 'default_avatar_id');
      return identityOf('yandex', subject, {
        email,
        emailVerified: email !== null,
        phone,
        phoneVerified: phone !== null,
        firstName: readText(profile.body, 'first_name') ?? '',
        lastName: readText(profile.body, 'last_name') ?? '',
        display: email ?? readText(profile.body, 'login') ?? readText(profile.body, 'display_name'),
        // The avatar is on Yandex's own host; the stand-in's people have none there.
        pictureUrl:
          avatar && !readFlag(profile.body, 'is_avatar_empty') && config.baseUrl === null
            ? `${AVATAR}/${encodeURIComponent(avatar)}/islands-200`
            : null,
      });
    },
  };
}
