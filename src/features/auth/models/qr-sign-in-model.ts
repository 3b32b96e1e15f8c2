/**
 * Login's `qr` step (docs/product.md §3): a request made for this browser, its QR, the number to pick on
 * the phone and a 60 s countdown; its events followed until the phone approves (the tokens arrive, and
 * the sign-in finishes as any other), denies, or the code expires. The request is kept under `bg`
 * (qr-held.ts), so a reload follows the same one. An expired code is replaced by a new one a few times
 * while the step is open; after that the person asks for one (a screen left open does not make requests
 * forever).
 */
import { signal } from '@preact/signals-react';
import type { QrLoginEvent } from '../../../../server/src/contract/qr-login.js';
import type { ShowError } from '../../../lib/form';
import type { TokenResponse } from '../../../lib/session';
import { createQrLogin } from '../api/qr-login';
import type { AuthApi } from '../api/types';
import { dropQrRequest, heldQrRequest, holdQrRequest, type HeldQrRequest } from '../qr-held';
import { QrEventsRefused } from '../qr-events';

/** How many expired codes are replaced without asking, while the step stays open. */
export const QR_AUTO_RENEWALS = 4;

export type QrPhase = 'loading' | 'showing' | 'scanned' | 'denied' | 'expired' | 'failed' | 'approved';

export interface QrSignInDeps {
  api: AuthApi;
  showError: ShowError;
  now: () => number;
  /** Follows a request's events (qr-events.ts) until a final one; undefined once aborted. */
  follow: (
    request: HeldQrRequest,
    onEvent: (event: QrLoginEvent) => void,
    signal: AbortSignal,
  ) => Promise<QrLoginEvent | undefined>;
  onSignedIn: (response: TokenResponse) => Promise<void>;
}

export function createQrSignInModel(deps: QrSignInDeps) {
  const request = signal<HeldQrRequest | null>(null);
  const phase = signal<QrPhase>('loading');
  let following: AbortController | undefined;
  let renewals = 0;

  function stopFollowing() {
    following?.abort();
    following = undefined;
  }

  async function settle(event: QrLoginEvent) {
    if (event.state === 'scanned') phase.value = 'scanned';
    if (event.state === 'pending') return;
    if (event.state === 'approved') {
      dropQrRequest();
      phase.value = 'approved';
      await deps.onSignedIn(event.tokens);
    } else if (event.state === 'denied' || event.state === 'expired') {
      dropQrRequest();
      phase.value = event.state;
    }
  }

  function follow(held: HeldQrRequest) {
    stopFollowing();
    const controller = new AbortController();
    following = controller;
    deps
      .follow(held, (event) => void settle(event), controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // An unknown or finished request (404, 410): it is over; anything else the person can retry.
        if (error instanceof QrEventsRefused && (error.status === 404 || error.status === 410)) {
          dropQrRequest();
          phase.value = 'expired';
        } else phase.value = 'failed';
      });
  }

  /** A new request, kept and followed. */
  async function renew() {
    stopFollowing();
    dropQrRequest();
    phase.value = 'loading';
    request.value = null;
    try {
      const made = await createQrLogin(deps.api);
      const held: HeldQrRequest = {
        id: made.id,
        secret: made.secret,
        qr: made.qr,
        number: made.number,
        expires_at: deps.now() + made.expires_in * 1000,
      };
      holdQrRequest(held);
      request.value = held;
      phase.value = 'showing';
      follow(held);
    } catch (error) {
      deps.showError(error);
      phase.value = 'failed';
    }
  }

  return {
    request,
    phase,

    /** The kept request when it lives (a reload), else a new one. */
    async start() {
      const held = heldQrRequest(deps.now());
      if (!held) return renew();
      request.value = held;
      phase.value = 'showing';
      follow(held);
    },

    /** Whole seconds the code has left (0 once expired), for the countdown. */
    secondsLeft(now: number): number {
      const held = request.value;
      return held ? Math.max(0, Math.ceil((held.expires_at - now) / 1000)) : 0;
    },

    /**
     * The countdown reached 0 with no answer: a new code while renewals are left, else the step says
     * it expired and offers one.
     */
    async countdownEnded() {
      const current = phase.peek();
      if (current !== 'showing' && current !== 'scanned') return;
      if (renewals < QR_AUTO_RENEWALS) {
        renewals += 1;
        return renew();
      }
      stopFollowing();
      dropQrRequest();
      phase.value = 'expired';
    },

    /** "New code", after an expiry, a denial or a failure: the renewals count starts again. */
    async newCode() {
      renewals = 0;
      return renew();
    },

    /** Leaving the step: nothing followed, nothing kept (the request expires on its own at the server). */
    leave() {
      stopFollowing();
      if (phase.peek() !== 'approved') dropQrRequest();
    },

    /** Unmounted without leaving (the page goes on after a sign-in): stop reading events. */
    dispose: stopFollowing,
  };
}

export type QrSignInModel = ReturnType<typeof createQrSignInModel>;
