/**
 * Google (docs/social-sign-in.md, Google): the implicit flow (RFC 6749 §4.2) gives the SPA an access
 * token, which Kirish first checks was issued to its own client before reading whose it is: an access
 * token is a bearer credential, and one that another app obtained would otherwise sign its holder in as
 * the person (token substitution; RFC 6819 §4.6.4, OAuth 2.0 Security BCP RFC 9700 §4.10 "Misuse of
 * Stolen Access Tokens").
 */
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  readFlag,
  readText,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const TOKEN_INFO = 'https://oauth2.googleapis.com/tokeninfo';
const USERINFO = 'https://openidconnect.googleapis.com/v1/userinfo';

export function createGoogleClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('google', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);

  return {
    provider: 'google',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        response_type: 'token',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
      }),

    async identify(input: CallbackInput) {
      if (input.kind !== 'access_token') throw http.refused('callback', `a ${input.kind}, not an access token`);
      const info = await http.call('tokeninfo', url(TOKEN_INFO), { query: { access_token: input.accessToken } });
      if (info.status !== 200) throw http.refused('tokeninfo', `status ${info.status}`);
      // The audience check: the token must have been issued to Kirish's client, and be unexpired.
      if (readText(info.body, 'aud') !== config.clientId) throw http.refused('tokeninfo', 'another audience');
      const expiresAt = Number(readText(info.body, 'exp'));
      if (!Number.isFinite(expiresAt) || expiresAt * 1000 <= deps.clock.now())
        throw http.refused('tokeninfo', 'expired');
      const subject = readText(info.body, 'sub');
      if (!subject) throw http.failed('tokeninfo', 'no sub');

      const user = await http.call('userinfo', url(USERINFO), {
        headers: { authorization: `Bearer ${input.accessToken}` },
      });
      if (user.status !== 200) throw http.refused('userinfo', `status ${user.status}`);
      // OpenID Connect Core §5.3.2: the UserInfo `sub` must match the token's, or the answer is not about this person.
      if (readText(user.body, 'sub') !== subject) throw http.refused('userinfo', 'another sub');
      const email = providerEmail(readText(user.body, 'email'));
      const name = readText(user.body, 'name');
      return identityOf('google', subject, {
        email,
        emailVerified: email !== null && readFlag(user.body, 'email_verified'),
        firstName: readText(user.body, 'given_name') ?? name ?? '',
        lastName: readText(user.body, 'family_name') ?? '',
        display: email ?? name,
        pictureUrl: readText(user.body, 'picture'),
      });
    },
  };
}
