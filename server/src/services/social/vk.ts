/**
 * VK (docs/social-sign-in.md, VK): the authorization code grant (RFC 6749 §4.1). The code is exchanged
 * server-side with the client secret at the token endpoint (§4.1.3, with the same redirect URI), which
 * answers the person's id and confirmed e-mail; the profile is read with the token.
 */
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  readText,
  readToken,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const AUTHORIZE = 'https://oauth.vk.com/authorize';
const TOKEN = 'https://oauth.vk.com/access_token';
const PROFILE = 'https://api.vk.com/method/users.get';
/** The VK API version Kirish speaks. */
const API_VERSION = '5.199';

export function createVkClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('vk', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);

  return {
    provider: 'vk',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: 'email',
        state: flow.state,
        v: API_VERSION,
      }),

    async identify(input: CallbackInput) {
      if (input.kind !== 'code') throw http.refused('callback', `a ${input.kind}, not a code`);
      const token = await http.call('access_token', url(TOKEN), {
        query: {
          client_id: config.clientId,
          client_secret: config.clientSecret,
          redirect_uri: config.redirectUri,
          code: input.code,
        },
      });
      if (token.status !== 200) throw http.refused('access_token', `status ${token.status}`);
      const accessToken = readToken(token.body, 'access_token');
      const userId = readText(token.body, 'user_id');
      if (!accessToken || !userId) throw http.failed('access_token', 'no access_token or user_id');

      const users = await http.call('users.get', url(PROFILE), {
        query: { user_ids: userId, fields: 'photo_200', access_token: accessToken, v: API_VERSION },
      });
      // VK answers an API error with 200 and `{error: {error_code, error_msg}}`.
      if (users.status !== 200 || users.body.error !== undefined)
        throw http.refused('users.get', `status ${users.status}, error ${readText(users.body.error, 'error_code')}`);
      const person: unknown = Array.isArray(users.body.response) ? users.body.response[0] : undefined;
      if (readText(person, 'id') !== userId) throw http.failed('users.get', 'not the token’s user');
      // VK gives only a confirmed e-mail (docs/social-sign-in.md).
      const email = providerEmail(readText(token.body, 'email'));
      const firstName = readText(person, 'first_name') ?? '';
      const lastName = readText(person, 'last_name') ?? '';
      return identityOf('vk', userId, {
        email,
        emailVerified: email !== null,
        firstName,
        lastName,
        display: email ?? (`${firstName} ${lastName}`.trim() || null),
        pictureUrl: readText(person, 'photo_200'),
      });
    },
  };
}
