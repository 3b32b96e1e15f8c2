/**
 * A provider flow between its two legs (issue 36): begun with a fresh state, nonce and PKCE verifier
 * from the CSPRNG, kept in the database (storage/social-storage.ts) bound to this browser by the hash
 * of a random cookie value, and taken once when the provider's answer comes back. A state that is
 * unknown, used, expired or of another browser is `social_state_mismatch` (RFC 6749 §10.12: the
 * state binds the answer to the browser that asked, so nobody can make a victim finish their flow).
 */
import { SOCIAL_FLOW_TTL_SECONDS } from '../../config/policy.js';
import type { SocialProvider } from '../../contract/social.js';
import { badRequest } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { randomSecret, sha256 } from '../../lib/secrets.js';
import type { SocialFlow, Storage } from '../../storage/storage.js';
import type { FlowSecrets, ProviderClient } from './provider-client.js';

/** What randomSecret() makes (32 bytes, base64url): anything else in the binding cookie is ignored. */
const BINDING_VALUE = /^[A-Za-z0-9_-]{43}$/;
/** A state Kirish made is 43 characters; a longer one is no state of ours, and is not hashed. */
const STATE_MAX_LENGTH = 128;

export const isBindingValue = (value: string | undefined): value is string =>
  value !== undefined && BINDING_VALUE.test(value);

export interface FlowStart {
  provider: SocialProvider;
  purpose: 'signin' | 'link';
  /** The signed-in account a `link` flow links to. */
  userId: string | null;
  popup: boolean;
  /** The browser's binding cookie, if it has one: kept, so that flows in two tabs both finish. */
  binding: string | undefined;
}

/** Begins a flow: the provider's authorization address, and the binding cookie's value to set. */
export async function beginFlow(
  storage: Storage,
  clock: Clock,
  client: ProviderClient,
  start: FlowStart,
): Promise<{ url: string; binding: string }> {
  const binding = isBindingValue(start.binding) ? start.binding : randomSecret();
  // RFC 7636 §4.1: a verifier of 43 to 128 characters; 48 random bytes are 64.
  const secrets: FlowSecrets = { state: randomSecret(), nonce: randomSecret(), codeVerifier: randomSecret(48) };
  const now = clock.now();
  await storage.socialFlows.insert({
    stateHash: sha256(secrets.state),
    bindingHash: sha256(binding),
    provider: start.provider,
    purpose: start.purpose,
    userId: start.userId,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    popup: start.popup,
    appleUser: null,
    createdAt: now,
    expiresAt: now + SOCIAL_FLOW_TTL_SECONDS * 1000,
    usedAt: null,
  });
  return { url: client.authorizationUrl(secrets), binding };
}

/** Takes the flow `state` names, once, if this browser began it and it is still live. */
export async function takeFlow(
  storage: Storage,
  clock: Clock,
  provider: SocialProvider,
  state: string,
  binding: string | undefined,
): Promise<{ flow: SocialFlow; secrets: FlowSecrets }> {
  if (!isBindingValue(binding) || state.length === 0 || state.length > STATE_MAX_LENGTH)
    throw badRequest('social_state_mismatch');
  const flow = await storage.socialFlows.take(sha256(state), sha256(binding), clock.now());
  if (!flow || flow.provider !== provider) throw badRequest('social_state_mismatch');
  return { flow, secrets: { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier } };
}

/**
 * Keeps Apple's first-time `user` (the name it posts once, with the code, to /oauth/apple) with the
 * flow, for the callback call that follows. Apple's form_post is a cross-site POST that carries no
 * SameSite=Lax cookie, so the binding is checked when the flow is taken, not here.
 */
export async function keepAppleUser(storage: Storage, clock: Clock, state: string, user: string): Promise<void> {
  if (state.length === 0 || state.length > STATE_MAX_LENGTH) return;
  await storage.socialFlows.keepAppleUser(sha256(state), user, clock.now());
}
