/**
 * The form body of the token and revocation endpoints, and the client authentication they share
 * (RFC 6749 §2.3, §3.2.1; RFC 7009 §2.1). A confidential client proves its secret by HTTP Basic
 * (`client_secret_basic`) or in the body (`client_secret_post`); a public client only names itself
 * (`none`) and proves nothing — PKCE and refresh-token rotation protect its tokens instead.
 */
import type { Context } from 'hono';
import { readFormBody } from '../../lib/form-body.js';
import { OAuthError } from '../../lib/oauth-error.js';
import { constantTimeEqual, sha256 } from '../../lib/secrets.js';
import type { OAuthClient } from '../../storage/storage.js';

export type OAuthParameters = ReadonlyMap<string, string>;

/**
 * The parameters of the form body. RFC 6749 §3.2: none may be sent twice (which copy counts
 * would be a guess); §3.1: one sent without a value counts as absent.
 */
export async function readOAuthParameters(c: Context): Promise<OAuthParameters> {
  const form = await readFormBody(c);
  if (!form) throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  const seen = new Set<string>();
  const parameters = new Map<string, string>();
  for (const [name, value] of form) {
    if (seen.has(name)) throw new OAuthError('invalid_request', `${name} was sent more than once`);
    seen.add(name);
    if (value !== '') parameters.set(name, value);
  }
  return parameters;
}

export interface ClientCredentials {
  clientId: string;
  /** Absent for a public client (`none`). */
  secret: string | undefined;
}

/** RFC 6749 §2.3.1: the id and secret are form-urlencoded before they are joined and base64-encoded. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

function basicCredentials(header: string): ClientCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** Who the request says it comes from, before anything is checked; undefined when it names nobody. */
export function claimedCredentials(
  c: Context,
  parameters: OAuthParameters,
  challenge: string,
): ClientCredentials | undefined {
  const header = c.req.header('authorization');
  const bodyId = parameters.get('client_id');
  const bodySecret = parameters.get('client_secret');
  if (header === undefined) return bodyId === undefined ? undefined : { clientId: bodyId, secret: bodySecret };

  const basic = basicCredentials(header);
  if (!basic)
    throw new OAuthError('invalid_client', 'The Authorization header is not HTTP Basic client authentication', {
      status: 401,
      challenge,
    });
  // RFC 6749 §2.3: a client must not use more than one authentication method in a request.
  if (bodySecret !== undefined)
    throw new OAuthError('invalid_request', 'Send the client secret once: in the Authorization header or in the body');
  if (bodyId !== undefined && bodyId !== basic.clientId)
    throw new OAuthError('invalid_request', 'client_id differs from the authenticated client');
  return basic;
}

/** The client, once its credentials are proven; RFC 6749 §5.2: 401 invalid_client with a challenge otherwise. */
export function authenticatedClient(
  client: OAuthClient | undefined,
  credentials: ClientCredentials | undefined,
  challenge: string,
): OAuthClient {
  const refuse = (description: string) => new OAuthError('invalid_client', description, { status: 401, challenge });
  if (!client || !credentials) throw refuse('Unknown client');
  if (client.kind === 'public') {
    if (credentials.secret !== undefined) throw refuse('A public client has no secret');
    return client;
  }
  // Only the hash of the secret is stored; compared in constant time so that timing tells nothing.
  if (
    credentials.secret === undefined ||
    client.secretHash === null ||
    !constantTimeEqual(sha256(credentials.secret), client.secretHash)
  ) {
    throw refuse('Client authentication failed');
  }
  return client;
}
