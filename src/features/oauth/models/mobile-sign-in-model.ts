/**
 * /login/mobile-telegram and /login/mobile-twitter (docs/partners.md, Phone apps): a phone app's request is
 * judged by the server before anything else (RFC 6749 §4.1.2.1: an unknown app or a redirect URI it did not
 * register is told to the person, never sent anywhere), kept in this tab's session storage, and the provider's
 * sign-in starts. Back from the provider, the sign-in goes on to the consent step with the kept request
 * (finish-sign-in.ts), which sends the code to the app's redirect URI as for any app: never a token in a URL.
 */
import { signal } from '@preact/signals-react';
import type { AuthorizeAnswer } from '../api/types';
import type { AuthorizationRequest } from '../authorization-request';
import { consentQuery, readMobileAppRequest } from '../mobile-app-request';

export type MobileSignInStep = 'checking' | 'starting' | 'oautherror' | 'failed';

export interface MobileSignInDeps {
  /** The request's verdict from the server, without signing in (api/authorize.ts checkAuthorization). */
  check: (request: AuthorizationRequest) => Promise<AuthorizeAnswer>;
  /** Keeps the request for the consent step after the provider's pages (session storage). */
  keep: (consentQuery: string) => void;
  /** Begins the provider's flow; the provider's authorization address. */
  start: () => Promise<string>;
  /** Leaves the page for `url`. */
  go: (url: string) => void;
  /** The sentence key of a failed call. */
  errorKeyOf: (error: unknown) => string;
}

/** The error the server put in a redirect URI's query, read even from an app's own scheme (RFC 8252 §7.1). */
function redirectError(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('error');
  } catch {
    return null;
  }
}

export function createMobileSignInModel(deps: MobileSignInDeps) {
  const step = signal<MobileSignInStep>('checking');
  const errorKey = signal<string | null>(null);

  function fail(next: 'oautherror' | 'failed', key: string): void {
    errorKey.value = key;
    step.value = next;
  }

  /** Begins the provider's sign-in; again after a failure (the retry). */
  async function begin(): Promise<void> {
    step.value = 'starting';
    try {
      deps.go(await deps.start());
    } catch (error) {
      fail('failed', deps.errorKeyOf(error));
    }
  }

  return {
    step,
    errorKey,
    begin,

    async run(search: string): Promise<void> {
      const read = readMobileAppRequest(search);
      if ('problem' in read) return fail('oautherror', read.problem);
      let answer: AuthorizeAnswer;
      try {
        answer = await deps.check(read.request);
      } catch (error) {
        return fail('oautherror', deps.errorKeyOf(error));
      }
      if (!('redirect_uri' in answer)) return fail('oautherror', 'error_try_again');
      // Anything but "sign in first" is wrong with the request itself: the app hears of it at its verified
      // address (RFC 6749 §4.1.2.1), as the consent step would tell it, and nobody signs in for nothing.
      if (redirectError(answer.redirect_uri) !== 'login_required') return deps.go(answer.redirect_uri);
      deps.keep(consentQuery(read.request));
      await begin();
    },
  };
}

export type MobileSignInModel = ReturnType<typeof createMobileSignInModel>;
