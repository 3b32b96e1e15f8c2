/**
 * "Sign in with Kirish" by redirect, as any OpenID relying party does it, through oauth4webapi (a
 * standard client no one here wrote): discovery, PKCE (RFC 7636), state and nonce, the iss check of
 * RFC 9207, the code exchange, and userinfo. The verifier, state and nonce wait in sessionStorage
 * for the way back; nothing secret is put in the address.
 */
import * as oauth from 'oauth4webapi';
import { CLIENT_ID, SSO_ORIGIN } from './sso';

const SCOPE = 'openid profile phone';
const PENDING_KEY = 'bozor-kirish-pending';

const issuer = new URL(SSO_ORIGIN);
const client: oauth.Client = { client_id: CLIENT_ID };
// The demo runs on plain http on this machine; a real partner talks to Kirish over https only.
const httpOptions = { [oauth.allowInsecureRequests]: issuer.protocol === 'http:' };
const redirectUri = () => `${location.origin}/callback`;

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
}

async function discover(): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, { ...httpOptions, algorithm: 'oidc' });
  return oauth.processDiscoveryResponse(issuer, response);
}

export async function startRedirectSignIn(): Promise<void> {
  const server = await discover();
  const pending: Pending = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(server.authorization_endpoint ?? `${SSO_ORIGIN}/oauth`);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.href);
}

export interface RedirectResult {
  accessToken: string;
  name: string;
}

/** On /callback: checks the answer, redeems the code and reads the user's name; null when declined. */
export async function finishRedirectSignIn(onLog: (text: string) => void): Promise<RedirectResult | null> {
  const saved = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!saved) throw new Error('no sign-in was started from this tab');
  const pending = JSON.parse(saved) as Pending;
  const server = await discover();
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(server, client, new URL(location.href), pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      onLog(`authorization answered error=${error.error}`);
      return null;
    }
    throw error;
  }
  onLog('authorization answered with a code (state and iss checked)');
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.verifier,
    httpOptions,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(server, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  onLog(`code redeemed with the PKCE verifier; ID token for sub ${claims?.sub ?? '?'} (nonce checked)`);
  const info = await oauth.processUserInfoResponse(
    server,
    client,
    claims?.sub ?? oauth.skipSubjectCheck,
    await oauth.userInfoRequest(server, client, tokens.access_token, httpOptions),
  );
  const name =
    typeof info.name === 'string' ? info.name : [info.given_name, info.family_name].filter(Boolean).join(' ');
  return { accessToken: tokens.access_token, name: name || info.sub };
}
