/**
 * Sign in with Apple (docs/social-sign-in.md, Apple): the authorization code grant with
 * `response_mode=form_post`. Kirish authenticates at the token endpoint with a client secret it signs
 * itself, an ES256 JWT (Apple's "Creating a client secret"), and reads the person from the ID token the
 * exchange answers, validated as OpenID Connect Core §3.1.3.7 says: signature by a key of Apple's JWKS,
 * issuer, audience, expiry, and the nonce of this flow (§3.1.3.7 step 11, §15.5.2: a token replayed
 * from another flow is refused).
 */
import type { AppleConfig } from '../../config/social-config.js';
import { APPLE_CLIENT_SECRET_TTL_SECONDS, SOCIAL_PROVIDER_TIMEOUT_MS } from '../../config/policy.js';
import { createForeignIdTokenVerifier, signEs256Jwt } from '../../lib/jwt.js';
import type { CallbackInput, FlowSecrets, ProviderClient } from './provider-client.js';
import {
  createProviderHttp,
  endpointUrl,
  identityOf,
  providerEmail,
  readFlag,
  readText,
  readToken,
  withQuery,
  type ProviderClientDeps,
} from './provider-http.js';

const ISSUER = 'https://appleid.apple.com';
const AUTHORIZE = `${ISSUER}/auth/authorize`;
const TOKEN = `${ISSUER}/auth/token`;
const KEYS = `${ISSUER}/auth/keys`;

/**
 * The client secret (Apple, "Creating a client secret"): header `alg` ES256 and `kid` the key id; claims
 * `iss` the team id, `iat`, `exp` (at most 6 months later), `aud` Apple's issuer, `sub` the Services ID.
 */
export function appleClientSecret(config: AppleConfig, issuer: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return signEs256Jwt(config.privateKeyPem, config.keyId, {
    iss: config.teamId,
    iat,
    exp: iat + APPLE_CLIENT_SECRET_TTL_SECONDS,
    aud: issuer,
    sub: config.clientId,
  });
}

export function createAppleClient(
  config: AppleConfig & { redirectUri: string },
  deps: ProviderClientDeps,
): ProviderClient {
  const http = createProviderHttp('apple', deps);
  const url = (real: string) => endpointUrl(config.baseUrl, real);
  // docs/social-sign-in.md: the issuer is Apple's, or the base URL when it is overridden (the stand-in).
  const issuer = config.baseUrl ?? ISSUER;
  const verifyIdToken = createForeignIdTokenVerifier(url(KEYS), deps.timeoutMs ?? SOCIAL_PROVIDER_TIMEOUT_MS);

  return {
    provider: 'apple',

    authorizationUrl: (flow: FlowSecrets) =>
      withQuery(url(AUTHORIZE), {
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope: 'name email',
        response_mode: 'form_post',
        state: flow.state,
        nonce: flow.nonce,
      }),

    async identify(input: CallbackInput, flow: FlowSecrets) {
      if (input.kind !== 'code') throw http.refused('callback', `a ${input.kind}, not a code`);
      const token = await http.call('token', url(TOKEN), {
        form: {
          client_id: config.clientId,
          client_secret: await appleClientSecret(config, issuer, deps.clock.now()),
          code: input.code,
          grant_type: 'authorization_code',
          redirect_uri: config.redirectUri,
        },
      });
      if (token.status !== 200) throw http.refused('token', `status ${token.status} ${readText(token.body, 'error')}`);
      const idToken = readToken(token.body, 'id_token');
      if (!idToken) throw http.failed('token', 'no id_token');

      let claims: Record<string, unknown> | null;
      try {
        claims = await verifyIdToken(idToken, { issuer, audience: config.clientId, now: deps.clock.now() });
      } catch (error) {
        throw http.failed('keys', error instanceof Error ? error.name : 'unavailable');
      }
      if (claims === null) throw http.refused('id_token', 'signature, issuer, audience or expiry');
      if (claims.nonce !== flow.nonce) throw http.refused('id_token', 'another nonce');
      const subject = readText(claims, 'sub');
      if (!subject) throw http.refused('id_token', 'no sub');

      // Apple sends the name only the first time, beside the code (the form_post's `user`), unsigned:
      // it names the person, never identifies them. The e-mail is the ID token's.
      const email = providerEmail(readText(claims, 'email'));
      return identityOf('apple', subject, {
        email,
        emailVerified: email !== null && readFlag(claims, 'email_verified'),
        firstName: input.appleUser?.firstName?.trim() ?? '',
        lastName: input.appleUser?.lastName?.trim() ?? '',
        display: email,
      });
    },
  };
}
