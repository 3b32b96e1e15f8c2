/**
 * The ways in, the linked providers and the apps with access: loaded together; revoking a grant or
 * unlinking a provider loads them again. Linking starts the provider's flow (its callback links).
 */
import { computed, signal } from '@preact/signals-react';
import { isSocialProvider, type LinkedIdentity, type SocialProvider } from '../../../../server/src/contract/social.js';
import type { ShowError } from '../../../lib/form';
import type { Grant, LoginMethods, SecurityApi } from '../api/security-api';
import { createScreenLoad } from '../../../lib/screen-load';

/** The linked identities of GET /user/login-methods/ that this site knows the provider of. */
export function linkedIdentities(methods: LoginMethods | null): LinkedIdentity[] {
  return (methods?.identities ?? []).filter((identity) => isSocialProvider(identity.provider));
}

export function createLoginMethodsModel(deps: {
  api: SecurityApi;
  showError: ShowError;
  /** Goes to the provider's authorization address. */
  go?: (url: string) => void;
}) {
  const methods = signal<LoginMethods | null>(null);
  const grants = signal<Grant[]>([]);
  const offered = signal<SocialProvider[]>([]);
  /** The provider whose link is starting. */
  const linking = signal<SocialProvider | null>(null);
  const linked = computed(() => linkedIdentities(methods.value));
  /** Offered providers not linked yet: each gets a "Link". */
  const linkable = computed(() =>
    offered.value.filter((provider) => !linked.value.some((identity) => identity.provider === provider)),
  );

  const { state, load } = createScreenLoad(deps.showError, async () => {
    const [ways, apps, providers] = await Promise.all([
      deps.api.loginMethods(),
      deps.api.grants(),
      // Without the providers the page still shows what is linked; only "Link" is missing.
      deps.api.offeredProviders().catch(() => []),
    ]);
    methods.value = ways;
    grants.value = apps;
    offered.value = providers;
  });

  return {
    state,
    methods,
    grants,
    linked,
    linkable,
    linking,
    load,
    /** True when the app's access is gone (and its sessions with it). */
    async revoke(clientId: string): Promise<boolean> {
      try {
        await deps.api.revokeGrant(clientId);
      } catch (error) {
        deps.showError(error);
        return false;
      }
      await load();
      return true;
    },

    /** Starts the provider's flow to link it; the page is left for the provider's. */
    async link(provider: SocialProvider): Promise<void> {
      if (linking.peek()) return;
      linking.value = provider;
      try {
        const url = await deps.api.startLink(provider);
        (deps.go ?? ((to: string) => location.assign(to)))(url);
      } catch (error) {
        deps.showError(error);
        linking.value = null;
      }
    },

    /** True when the provider is no longer a way in; `last_sign_in_method` when it is the only one left. */
    async unlink(provider: SocialProvider): Promise<boolean> {
      try {
        await deps.api.unlink(provider);
      } catch (error) {
        deps.showError(error);
        return false;
      }
      await load();
      return true;
    },
  };
}

export type LoginMethodsModel = ReturnType<typeof createLoginMethodsModel>;
