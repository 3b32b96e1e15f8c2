/**
 * Social sign-in (issue 36, docs/social-sign-in.md): begins a provider's flow, and ends it by resolving
 * the identity the provider vouched for —
 * - already linked: that account signs in (a deactivated one too, as a password sign-in does: the SPA
 *   then shows it as deactivated);
 * - a `link` flow: linked to the signed-in account that began it (`social_already_linked` when another
 *   account has it);
 * - an e-mail or phone that belongs to an existing account: a pending link, never a silent one (the
 *   `integration` step, social-integration.ts) — linking on a matching address alone would hand the
 *   account to whoever controls that address at the provider;
 * - else a new account (registration kind 0, no phone yet).
 * The provider clients are behind `ProviderClients` (provider-client.ts); this file knows no protocol.
 */
import { SOCIAL_PROVIDERS, type SocialLoginResponse, type SocialProvider } from '../../contract/social.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Storage } from '../../storage/storage.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { OtpService } from '../otp-service.js';
import type { SessionService } from '../session-service.js';
import { tokenResponse } from '../token-response.js';
import type { CallbackInput, ProviderClient, ProviderClients, SocialIdentity } from './provider-client.js';
import { applyStateRecord, createAccountFrom, linkIdentity, matchExisting, startSignIn } from './social-accounts.js';
import { beginFlow, keepAppleUser, takeFlow } from './social-flows.js';
import { createIntegration, type Integration } from './social-integration.js';

export interface SocialSignInDeps {
  storage: Storage;
  clock: Clock;
  sessions: SessionService;
  otp: OtpService;
  throttle: LoginThrottle;
  /** The configured provider clients: only these providers are offered. */
  clients: ProviderClients;
  /** Logs what a provider client threw that was not its documented ApiError (answered as `social_login_failed`). */
  log?: (message: string, error?: unknown) => void;
}

export interface SocialSignIn extends Integration {
  /** The offered providers, in the order of SOCIAL_PROVIDERS. */
  offered(): SocialProvider[];
  begin(start: {
    provider: SocialProvider;
    link: { userId: string } | null;
    popup: boolean;
    binding: string | undefined;
  }): Promise<{ url: string; binding: string }>;
  /** Apple's form_post: keeps its first-time `user` with the flow `state` names. */
  keepAppleUser(state: string, user: string): Promise<void>;
  finish(call: {
    provider: SocialProvider;
    state: string;
    binding: string | undefined;
    input: CallbackInput;
    meta: RequestMeta;
  }): Promise<SocialLoginResponse>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : undefined);

/** Apple's `user` form field, as its flow keeps it: only the name and e-mail are read. */
function appleUserOf(kept: string | null): Extract<CallbackInput, { kind: 'code' }>['appleUser'] {
  if (kept === null) return undefined;
  try {
    const parsed = JSON.parse(kept) as { name?: { firstName?: unknown; lastName?: unknown }; email?: unknown };
    const firstName = text(parsed.name?.firstName);
    const lastName = text(parsed.name?.lastName);
    const email = text(parsed.email);
    return {
      ...(firstName === undefined ? {} : { firstName }),
      ...(lastName === undefined ? {} : { lastName }),
      ...(email === undefined ? {} : { email }),
    };
  } catch {
    return undefined;
  }
}

/**
 * A provider's sign-in is remembered on the device, as the sign-in card's "Remember me" is by default, and
 * its session lives as long as a remembered one: the page keeps the account in the device's chooser, and
 * the integration step's sign-in (`save` in its body) is remembered alike (docs/decisions.md, Social sign-in).
 */
const PROVIDER_SESSION_SAVED = true;

export function createSocialSignIn(deps: SocialSignInDeps): SocialSignIn {
  const { storage, clock, sessions, clients } = deps;
  const integration = createIntegration(deps);

  function clientOf(provider: SocialProvider): ProviderClient {
    const client = clients[provider];
    if (!client) throw badRequest('social_provider_unavailable');
    return client;
  }

  /** The provider's answer, checked by its client; anything but its documented refusals is `social_login_failed`. */
  async function identify(
    client: ProviderClient,
    input: CallbackInput,
    secrets: Parameters<ProviderClient['identify']>[1],
  ) {
    let identity: SocialIdentity;
    try {
      identity = await client.identify(input, secrets);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      deps.log?.(`The ${client.provider} client failed`, error);
      throw badRequest('social_login_failed');
    }
    if (identity.provider !== client.provider || identity.subject === '') throw badRequest('social_login_failed');
    return identity;
  }

  return {
    ...integration,

    offered: () => SOCIAL_PROVIDERS.filter((provider) => clients[provider] !== undefined),

    begin: ({ provider, link, popup, binding }) =>
      beginFlow(storage, clock, clientOf(provider), {
        provider,
        purpose: link ? 'link' : 'signin',
        userId: link?.userId ?? null,
        popup,
        binding,
      }),

    keepAppleUser: (state, user) => keepAppleUser(storage, clock, state, user),

    async finish({ provider, state, binding, input, meta }) {
      const client = clientOf(provider);
      // The flow first: a state that is not this browser's never reaches the provider.
      const { flow, secrets } = await takeFlow(storage, clock, provider, state, binding);
      const appleUser = provider === 'apple' ? appleUserOf(flow.appleUser) : undefined;
      const withUser: CallbackInput = input.kind === 'code' && appleUser ? { ...input, appleUser } : input;
      const identity = await identify(client, withUser, secrets);
      const now = clock.now();
      const linked = await storage.linkedIdentities.find(provider, identity.subject);

      if (flow.purpose === 'link') {
        const user = flow.userId === null ? undefined : await storage.users.findById(flow.userId);
        if (!user) throw badRequest('social_login_failed');
        if (user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
        if (linked) {
          if (linked.userId !== user.id) throw badRequest('social_already_linked');
          return { linked: provider };
        }
        await storage.transaction((tx) => linkIdentity(tx, user, identity, { meta, at: now, sessionId: null }));
        return { linked: provider };
      }

      if (linked) {
        const user = await storage.users.findById(linked.userId);
        if (!user) throw badRequest('social_login_failed');
        const started = await storage.transaction(async (tx) => {
          // OneID's record is read again at every sign-in: verified, with its PINFL.
          await applyStateRecord(tx, user, identity, now);
          return startSignIn(tx, sessions, user, meta, PROVIDER_SESSION_SAVED, provider, now);
        });
        const fresh = (await storage.users.findById(user.id)) ?? user;
        return tokenResponse(fresh, started, await sessions.accessToken(started.session));
      }

      const match = await matchExisting(storage, identity);
      if (match) return integration.open({ identity, match, binding, at: now });

      const created = await storage.transaction(async (tx) => {
        const user = await createAccountFrom(tx, identity, { meta, at: now });
        return { user, started: await startSignIn(tx, sessions, user, meta, PROVIDER_SESSION_SAVED, provider, now) };
      });
      return tokenResponse(created.user, created.started, await sessions.accessToken(created.started.session));
    },
  };
}
