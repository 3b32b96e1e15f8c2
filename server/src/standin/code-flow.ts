/**
 * The authorization code grant's two halves as every code provider here runs them (RFC 6749 §4.1):
 * the code given at consent, and its exchange, which holds the code to the client and the redirect URI
 * it was given for (§4.1.3) and lets it be used once.
 */
import type { AuthorizeRequest } from './authorize.js';
import type { StandinContext } from './context.js';
import type { Consent, IssuedToken } from './grants.js';
import type { StandinIdentity } from './identities.js';
import type { StandinClient } from './options.js';

export function issueCodeFor(
  ctx: StandinContext,
  request: AuthorizeRequest,
  identity: StandinIdentity,
  subject: string,
  extra: Partial<Pick<Consent, 'scope' | 'nonce' | 'codeChallenge'>> = {},
): string {
  return ctx.grants.issueCode({
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    identity,
    subject,
    scope: extra.scope ?? request.query.get('scope') ?? '',
    nonce: extra.nonce ?? null,
    codeChallenge: extra.codeChallenge ?? null,
  });
}

/** The client whose id and secret these are, or null. */
export function authenticClient(
  clients: readonly StandinClient[] | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
): StandinClient | null {
  const client = clients?.find((registered) => registered.clientId === clientId);
  return client && clientSecret !== undefined && client.clientSecret === clientSecret ? client : null;
}

export type Exchange =
  { consent: Consent; redeem: () => IssuedToken } | { refused: 'code' | 'redirect_uri' | 'client' };

/**
 * Redeems `code` for `clientId`: an unknown, used or expired code, one given to another client, or a
 * redirect URI other than the authorization request's is refused (the code is spent all the same).
 */
export function exchangeCode(
  ctx: StandinContext,
  code: string | undefined,
  clientId: string,
  redirectUri: string | undefined,
): Exchange {
  const consent = code ? ctx.grants.redeemCode(code) : null;
  if (!consent) return { refused: 'code' };
  if (consent.clientId !== clientId) return { refused: 'client' };
  if (consent.redirectUri !== redirectUri) return { refused: 'redirect_uri' };
  return { consent, redeem: () => ctx.grants.issueToken(consent, code) };
}
