/**
 * /oauth/{provider}: the provider's answer carried on to the server (social-callback.ts reads it), and
 * what the server's answer means (docs/product.md §2, §4):
 * - the token response: what a password sign-in does after it; a new account without a phone first
 *   writes the pending id (`userUUID`, docs/product.md §3) and goes on to Home's phone confirmation;
 * - `linked`: back to the login-methods page, saying so;
 * - `integration`: the identity's e-mail or phone is an existing account's, which must be proven
 *   (its password, or a code to that contact) before anything is linked (integration-model.ts).
 * Anything else is docs/product.md §4's failed social sign-in: a toast, then Login — unless a phone app's request
 * waits in this tab (/login/mobile-*, app-request.ts): then the app is answered instead, at the redirect URI the
 * server verified, `access_denied` when the person cancelled and `server_error` when the sign-in failed (RFC 6749
 * §4.1.2.1), for the app's in-app browser would otherwise stay on Kirish's Login, its app never told.
 */
import { signal } from '@preact/signals-react';
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import {
  isSocialProvider,
  type SocialIntegration,
  type SocialProvider,
} from '../../../../server/src/contract/social.js';
import type { ShowError } from '../../../lib/form';
import type { TokenResponse } from '../../../lib/session';
import { refuseAppRequest } from '../api/refuse-app-request';
import { finishSocial, startSocial, type SocialLoginResponse } from '../api/social';
import type { AuthApi } from '../api/types';
import { readCallback, type CallbackAddress } from '../social-callback';
import { markSocialWindow } from '../social-handback';

export interface SocialCallbackDeps {
  api: AuthApi;
  showError: ShowError;
  deviceId: () => string | null;
  /** A toast of the catalogue's sentence, with the provider's name for `{{provider}}`. */
  tell: (type: 'success' | 'error' | 'info', key: CatalogueKey, provider: SocialProvider | null) => void;
  navigate: (to: string) => void;
  /** Leaves for the provider's authorization page, or for a phone app's redirect URI. */
  leave?: (url: string) => void;
  /** Takes (reads once, removes) the phone app's request /login/mobile-* kept in this tab (app-request.ts). */
  takeAppRequest?: () => URLSearchParams | null;
  /** Keeps the id of the account whose phone is still to be confirmed (docs/product.md §3 userUUID). */
  keepPendingUser: (uuid: string) => void;
  /** What every sign-in does after it (finish-sign-in.ts). */
  finish: (response: TokenResponse, save: boolean) => Promise<void>;
}

export type Integration = SocialIntegration['integration'];

export function createSocialCallbackModel(deps: SocialCallbackDeps) {
  /** The pending link waiting for proof of the existing account; null while the page works. */
  const integration = signal<Integration | null>(null);
  // A provider's code or token is single-use: the answer is carried on once, however often the page mounts.
  let ran = false;

  function toLogin(): void {
    deps.navigate('/login');
  }

  const leave = (url: string) => (deps.leave ?? ((to: string) => location.replace(to)))(url);

  /**
   * The sign-in ended without an account: a phone app waiting for it hears so at its verified address. False
   * when no app waits (or the server would not answer it), and the page goes on as for any failed sign-in.
   */
  async function answeredApp(reason: 'cancelled' | 'failed'): Promise<boolean> {
    const request = deps.takeAppRequest?.() ?? null;
    if (!request) return false;
    try {
      const answer = await refuseAppRequest(deps.api, request, reason);
      if (!('redirect_uri' in answer)) return false;
      leave(answer.redirect_uri);
      return true;
    } catch {
      return false;
    }
  }

  /** Whichever way a sign-in ended with tokens: the social callback's, or the integration step's. */
  async function signedIn(response: TokenResponse): Promise<void> {
    // docs/product.md §4: a new account has no phone yet; Home confirms one before the return path.
    if (response.has_phone === false && response.user_uuid) deps.keepPendingUser(response.user_uuid);
    // A sign-in through a provider is remembered on this device, as the provider remembers the person.
    await deps.finish(response, true);
  }

  async function answered(response: SocialLoginResponse): Promise<void> {
    if ('linked' in response) {
      deps.tell('success', 'social_linked', response.linked);
      deps.navigate('/security/login-methods/');
      return;
    }
    if ('integration' in response) {
      integration.value = response.integration;
      return;
    }
    await signedIn(response);
  }

  return {
    integration,
    signedIn,

    async run(provider: string, address: CallbackAddress): Promise<void> {
      if (ran) return;
      ran = true;
      const call = readCallback(provider, address, deps.deviceId());
      if (call.kind === 'unknown') return toLogin();
      if (call.kind === 'cancelled') {
        if (await answeredApp('cancelled')) return;
        deps.tell('info', 'social_cancelled', call.provider);
        return toLogin();
      }
      if (call.kind === 'failed') {
        if (await answeredApp('failed')) return;
        deps.tell('error', 'social_login_failed', call.provider);
        return toLogin();
      }
      let response: SocialLoginResponse;
      try {
        response = await finishSocial(deps.api, call);
      } catch (error) {
        if (await answeredApp('failed')) return;
        deps.showError(error);
        return toLogin();
      }
      await answered(response);
    },

    /**
     * The window a partner's frame opened (social-popup.ts): begins the flow marked as a popup's, then
     * leaves for the provider, whose answer comes back to this window's /oauth/{provider}.
     */
    async startInPopup(provider: string): Promise<void> {
      if (ran) return;
      ran = true;
      if (!isSocialProvider(provider)) return toLogin();
      let url: string;
      try {
        url = await startSocial(deps.api, provider, { popup: true });
      } catch (error) {
        deps.showError(error);
        return toLogin();
      }
      // Its sign-in, back in this window, is the frame's (social-handback.ts).
      markSocialWindow();
      leave(url);
    },

    /** The integration step's way back: nothing is linked, and Login starts again (or a waiting app is told no). */
    async cancel(): Promise<void> {
      integration.value = null;
      if (await answeredApp('cancelled')) return;
      toLogin();
    },
  };
}

export type SocialCallbackModel = ReturnType<typeof createSocialCallbackModel>;
