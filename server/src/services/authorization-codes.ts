/**
 * Issuing an authorization code (RFC 6749 §4.1.2): the one place that writes the consent and the
 * code, for the authorization endpoint (features/oauth/authorize-routes.ts) and FedCM's ID-assertion
 * endpoint (features/fedcm/), so that a code from either is redeemed at /oauth/token by the very same
 * rules: exact redirect URI, PKCE S256, single use within AUTHORIZATION_CODE_TTL_SECONDS.
 */
import { AUTHORIZATION_CODE_TTL_SECONDS } from '../config/policy.js';
import { randomId, randomSecret, sha256 } from '../lib/secrets.js';
import type { Session, User } from '../storage/records.js';
import type { OAuthClient, Storage } from '../storage/storage.js';
import { joinScope } from './scopes.js';

export interface CodeRequest {
  user: User;
  client: OAuthClient;
  /** The Kirish sign-in that authorizes the code; its end makes the code unredeemable. */
  session: Session;
  scopes: readonly string[];
  /** Compared exactly at redemption (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** RFC 7636 §4.2: always S256. */
  codeChallenge: string;
  nonce: string | null;
  /** The `acr` the request asked for and the sign-in met (services/amr.ts); null when none was asked for. */
  acr: string | null;
  now: number;
}

/**
 * Records the consent and the code inside the caller's transaction, which commits before the answer
 * leaves (docs/product.md §11); returns the code.
 */
export async function issueAuthorizationCode(tx: Storage, request: CodeRequest): Promise<string> {
  const { user, client, session, scopes, now } = request;
  const code = randomSecret();
  await tx.grants.insert(user.id, client.id, scopes, now);
  await tx.authorizationCodes.insert({
    id: randomId(),
    // RFC 6749 §10.5: a code is a bearer secret; only its hash is kept.
    codeHash: sha256(code),
    clientId: client.id,
    userId: user.id,
    redirectUri: request.redirectUri,
    scope: joinScope(scopes),
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: 'S256',
    nonce: request.nonce,
    ssoSessionId: session.id,
    authTime: session.createdAt,
    createdAt: now,
    expiresAt: now + AUTHORIZATION_CODE_TTL_SECONDS * 1000,
    usedAt: null,
    sessionId: null,
    // The sign-in's amr goes with the code to the client's session and every ID token it gets.
    amr: session.amr,
    acr: request.acr,
  });
  return code;
}
