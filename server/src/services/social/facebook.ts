/**
 * Facebook Login (docs/social-sign-in.md, Facebook): the authorization code grant (RFC 6749 §4.1),
 * exchanged server-side with the app secret. Every Graph API call carries `appsecret_proof`, the
 * HMAC-SHA-256 of the access token keyed by the app secret (Meta's Graph API documentation, "Securing
 * Requests"), so that a token alone, stolen from elsewhere, cannot call the API as Kirish.
 */
import { createHmac } from 'node:crypto';
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  readObject,
  readText,
  readToken,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const AUTHORIZE = 'https://www.facebook.com/v19.0/dialog/oauth';
const TOKEN = 'https://graph.facebook.com/v19.0/oauth/access_token';
const PROFILE = 'https://graph.facebook.com/v19.0/me';

/** Meta's `appsecret_proof`: hex HMAC-SHA-256 of the access token, keyed by the app secret. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export function createFacebookClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('facebook', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);

  return {
    provider: 'facebook',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        state: flow.state,
        response_type: 'code',
        scope: 'email',
      }),

    async identify(input: CallbackInput) {
      if (input.kind !== 'code') throw http.refused('callback', `a ${input.kind}, not a code`);
      const token = await http.call('access_token', url(TOKEN), {
        query: {
          client_id: config.clientId,
          redirect_uri: config.redirectUri,
          client_secret: config.clientSecret,
          code: input.code,
        },
      });
      if (token.status !== 200) throw http.refused('access_token', `status ${token.status}`);
      const accessToken = readToken(token.body, 'access_token');
      if (!accessToken) throw http.failed('access_token', 'no access_token');

      const me = await http.call('me', url(PROFILE), {
        query: {
          fields: 'id,first_name,last_name,email,picture',
          access_token: accessToken,
          appsecret_proof: appSecretProof(accessToken, config.clientSecret),
        },
      });
      if (me.status !== 200) throw http.refused('me', `status ${me.status}`);
      const subject = readText(me.body, 'id');
      if (!subject) throw http.failed('me', 'no id');
      // Facebook gives only a confirmed e-mail (docs/social-sign-in.md).
      const email = providerEmail(readText(me.body, 'email'));
      const firstName = readText(me.body, 'first_name') ?? '';
      const lastName = readText(me.body, 'last_name') ?? '';
      return identityOf('facebook', subject, {
        email,
        emailVerified: email !== null,
        firstName,
        lastName,
        display: email ?? (`${firstName} ${lastName}`.trim() || null),
        pictureUrl: readText(readObject(readObject(me.body, 'picture'), 'data'), 'url'),
      });
    },
  };
}
