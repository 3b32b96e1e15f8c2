/**
 * X (docs/social-sign-in.md, X): OAuth 2.0 authorization code with PKCE (RFC 7636). The flow's verifier
 * stays on the server (FlowSecrets); the authorization request carries only its S256 challenge (§4.2),
 * and the token request the verifier (§4.5), so a code intercepted on its way back is useless to anyone
 * else. Kirish is a confidential client: it authenticates with HTTP Basic (RFC 6749 §2.3.1).
 */
import { createHash } from 'node:crypto';
import type { SecretClientConfig } from '../../config/social-config.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  readObject,
  readText,
  readToken,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const AUTHORIZE = 'https://twitter.com/i/oauth2/authorize';
const TOKEN = 'https://api.x.com/2/oauth2/token';
const PROFILE = 'https://api.x.com/2/users/me';

/** RFC 7636 §4.2: code_challenge = BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** application/x-www-form-urlencoded (RFC 6749 Appendix B). */
const formEncode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');

/** RFC 6749 §2.3.1: the client id and secret, each form-urlencoded, as HTTP Basic credentials. */
function basicCredentials(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`;
}

export function createTwitterClient(
  config: SecretClientConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('twitter', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);

  return {
    provider: 'twitter',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope: 'users.read tweet.read',
        state: flow.state,
        code_challenge: s256Challenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      }),

    async identify(input: CallbackInput, flow: FlowSecrets) {
      if (input.kind !== 'code') throw http.refused('callback', `a ${input.kind}, not a code`);
      const token = await http.call('token', url(TOKEN), {
        headers: { authorization: basicCredentials(config.clientId, config.clientSecret) },
        form: {
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: config.redirectUri,
          code_verifier: flow.codeVerifier,
        },
      });
      if (token.status !== 200) throw http.refused('token', `status ${token.status}`);
      const accessToken = readToken(token.body, 'access_token');
      if (!accessToken) throw http.failed('token', 'no access_token');

      const me = await http.call('users/me', url(PROFILE), {
        query: { 'user.fields': 'profile_image_url' },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (me.status !== 200) throw http.refused('users/me', `status ${me.status}`);
      const data = readObject(me.body, 'data');
      const subject = readText(data, 'id');
      if (!subject) throw http.failed('users/me', 'no data.id');
      // X has one display name: its first word is taken as the first name, the rest as the last.
      const name = (readText(data, 'name') ?? '').trim();
      const space = name.indexOf(' ');
      const username = readText(data, 'username');
      return identityOf('twitter', subject, {
        firstName: space < 0 ? name : name.slice(0, space),
        lastName: space < 0 ? '' : name.slice(space + 1).trim(),
        display: username ? `@${username}` : name || null,
        pictureUrl: readText(data, 'profile_image_url'),
      });
    },
  };
}
