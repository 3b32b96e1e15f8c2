/**
 * The consent step of an authorization request (docs/product.md §2 /oauth, §3 login steps "oautherror"): ask
 * the server; it answers with where to send the result (a first-party client or a remembered
 * consent), with the app and scopes to ask the person about, or that the person must sign in again
 * first (OpenID Connect Core §3.1.2.1: prompt=login, or a sign-in older than max_age), or that the app asks
 * for two-step verification the account does not have (acr_values, docs/partners.md). Allow or Deny
 * goes back to it. A client or redirect address the server does not recognise ends on the error
 * step: nothing is ever sent to an address the server has not verified.
 */
import { signal } from '@preact/signals-react';
import { redirectOrigin } from '../../../lib/format/url';
import type { Http } from '../../../lib/http';
import type { AuthorizationRequest } from '../authorization-request';
import { authorize } from '../api/authorize';
import type { AppInfo, AuthorizeAnswer, WebMessageResponse } from '../api/types';

/** `second_step`: the app asks for two-step verification (acr_values) and the account has none yet. */
export type ConsentStep = 'loading' | 'consent' | 'second_step' | 'oautherror' | 'done';

/** Where the result goes: a redirect of this page, or a message to the partner page. */
export type Delivery = { redirect: string } | { message: WebMessageResponse };

export interface ConsentDeps {
  http: Http;
  ssoApi: string;
  request: AuthorizationRequest;
  /** The sentence key of a failed call. */
  errorKeyOf: (error: unknown) => string;
  deliver: (delivery: Delivery) => void;
  /** The server wants a fresh sign-in first; the same request is asked again after it. */
  signInAgain: () => void;
}

export function createConsentModel(deps: ConsentDeps) {
  const step = signal<ConsentStep>('loading');
  const client = signal<AppInfo | null>(null);
  const scopes = signal<string[]>([]);
  const errorKey = signal<string | null>(null);
  const busy = signal(false);

  function take(answer: AuthorizeAnswer): void {
    if ('consent_required' in answer) {
      client.value = answer.client;
      scopes.value = answer.scopes;
      step.value = 'consent';
      return;
    }
    if ('second_step_required' in answer) {
      client.value = answer.client;
      step.value = 'second_step';
      return;
    }
    if ('login_required' in answer) {
      step.value = 'loading';
      deps.signInAgain();
      return;
    }
    step.value = 'done';
    deps.deliver('redirect_uri' in answer ? { redirect: answer.redirect_uri } : { message: answer.response });
  }

  async function ask(consent?: 'allow' | 'deny', denyReason?: 'unmet'): Promise<void> {
    if (busy.peek()) return;
    busy.value = true;
    try {
      take(await authorize(deps.http, deps.ssoApi, deps.request, consent, denyReason));
    } catch (error) {
      errorKey.value = deps.errorKeyOf(error);
      step.value = 'oautherror';
    } finally {
      busy.value = false;
    }
  }

  return {
    step,
    client,
    scopes,
    /**
     * The origin the answer goes to, shown beside the app's name: the request's redirect URI, which
     * the server verified as registered before it asks for consent (its name alone is the app's word).
     */
    destination: redirectOrigin(deps.request.redirect_uri),
    errorKey,
    busy,
    /** Asks the server; a first-party client or a remembered consent is delivered at once. */
    start: () => ask(),
    allow: () => ask('allow'),
    deny: () => ask('deny'),
    /** Leaves the two-step page: the app is told `unmet_authentication_requirements` (docs/api.md). */
    cancelUnmet: () => ask('deny', 'unmet'),
  };
}

export type ConsentModel = ReturnType<typeof createConsentModel>;
