/**
 * GET /.well-known/openid-configuration (OpenID Connect Discovery 1.0 §4) and
 * GET /.well-known/jwks.json (RFC 7517): public, readable from any origin, cacheable for a while.
 * Only what is built is announced: the code flow with PKCE S256 and refresh tokens; no implicit
 * (`token`) response type and no password grant (OAuth 2.1, RFC 9700 §2.1.2 and §2.4).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { DISCOVERY_MAX_AGE_SECONDS } from '../../config/policy.js';
import { ACR_VALUES_SUPPORTED } from '../../services/amr.js';
import { SUPPORTED_CLAIMS, SUPPORTED_SCOPES } from '../../services/scopes.js';

const CLIENT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

const publicDocument: MiddlewareHandler = async function publicDocument(c, next) {
  await next();
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cache-Control', `public, max-age=${DISCOVERY_MAX_AGE_SECONDS}`);
};

export function discoveryRoutes({ config, accessTokens, idTokens }: RouteDeps) {
  const issuer = config.publicUrl;
  const oauthApi = `${issuer}/sso/api/v1/oauth`;
  const configuration = {
    issuer,
    // The SPA's consent page: it reads the request from its query and asks the API (docs/product.md §2 /oauth).
    authorization_endpoint: `${issuer}/oauth`,
    token_endpoint: `${oauthApi}/token/`,
    userinfo_endpoint: `${oauthApi}/userinfo/`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    revocation_endpoint: `${oauthApi}/revoke/`,
    end_session_endpoint: `${oauthApi}/logout/`,
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'web_message'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    // ID tokens say how the person signed in (RFC 8176 amr) and the acr asked for and met (services/amr.ts).
    claims_supported: [...SUPPORTED_CLAIMS, 'amr', 'acr'],
    acr_values_supported: [...ACR_VALUES_SUPPORTED],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    // RFC 9207 §3: every authorization response carries iss.
    authorization_response_iss_parameter_supported: true,
  };

  const app = new Hono<AppEnv>();
  app.use('*', publicDocument);
  app.get('/openid-configuration', (c) => c.json(configuration));
  // ID token keys for clients, access token keys for resource servers (RFC 9068 §4): every key kept,
  // the next one before it signs and the retired ones until their tokens expire (docs/keys.md).
  app.get('/jwks.json', async (c) =>
    c.json({ keys: [...(await idTokens.publicJwks()), ...(await accessTokens.publicJwks())] }),
  );
  return app;
}
