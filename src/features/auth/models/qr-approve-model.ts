/**
 * The phone's side of sign-in by QR (/personal/qr-scanner): a scanned code is accepted only when it is
 * this site's scanner URL (a QR is a link anyone can print: any other is refused, not followed), the
 * request's details are shown, and the person approves by picking the number the other screen shows
 * (number matching: a relayed code from a phishing page cannot be approved by a tap alone), or denies.
 * A wrong number ends the request at the server. An old sign-in on the phone is asked for a fresh proof
 * first (`proof_required`, as Security's sensitive actions: OWASP ASVS 5.0 §7.5.2).
 */
import { signal } from '@preact/signals-react';
import type { QrLoginRequestDetails } from '../../../../server/src/contract/qr-login.js';
import { errorKeyOf } from '../../../lib/api-error';
import type { ShowError } from '../../../lib/form';
import type { QrApprovalApi } from '../api/qr-login';

export type ApprovePhase =
  'scanning' | 'loading' | 'details' | 'proof' | 'approved' | 'denied' | 'mismatch' | 'gone' | 'failed';

const SCANNER_PATH = '/personal/qr-scanner';

/** The request id a scanned text names, when it is `{origin}/personal/qr-scanner#{id}`; else null. */
export function scannedRequestId(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.replace(/\/$/, '') !== SCANNER_PATH || url.search) return null;
  const id = decodeURIComponent(url.hash.slice(1));
  return /^[\w-]{16,128}$/.test(id) ? id : null;
}

/** The request is no more: expired, used, denied, or never was (docs/api.md, Sign-in by QR: 404, 409, 410). */
function isGone(error: unknown): boolean {
  const { status, data } = (error ?? {}) as { status?: number; data?: unknown };
  const key = errorKeyOf(data)?.key ?? '';
  return status === 404 || status === 410 || /^qr_request_(expired|closed|not_found)$/.test(key);
}

export interface QrApproveDeps {
  api: QrApprovalApi;
  showError: ShowError;
  /** This site's origin: the only one a scanned code may name. */
  origin: string;
}

export function createQrApproveModel(deps: QrApproveDeps) {
  const phase = signal<ApprovePhase>('scanning');
  const details = signal<QrLoginRequestDetails | null>(null);
  /** The last scanned code was not this site's sign-in code. */
  const notKirish = signal(false);
  const busy = signal(false);
  let id: string | null = null;
  /** The number picked before a fresh proof was asked for. */
  let picked: string | null = null;

  async function act(work: () => Promise<unknown>, done: ApprovePhase): Promise<void> {
    if (busy.peek()) return;
    busy.value = true;
    try {
      await work();
      phase.value = done;
    } catch (error) {
      const key = errorKeyOf((error as { data?: unknown } | null)?.data)?.key;
      if (key === 'qr_number_mismatch') phase.value = 'mismatch';
      else if (key === 'proof_required') phase.value = 'proof';
      else if (isGone(error)) phase.value = 'gone';
      else deps.showError(error);
    } finally {
      busy.value = false;
    }
  }

  /**
   * A number picked: the approval, with `proof` when the server asked for one. `save`: the browser being
   * signed in keeps its sign-in as after "Remember me" (its own checkbox decides what it stores).
   */
  function approve(number: string, proof?: string): Promise<void> {
    const requestId = id;
    if (!requestId) return Promise.resolve();
    picked = number;
    return act(() => deps.api.approve(requestId, { number, save: true, ...(proof ? { proof } : {}) }), 'approved');
  }

  async function open(requestId: string) {
    id = requestId;
    notKirish.value = false;
    phase.value = 'loading';
    try {
      details.value = await deps.api.details(requestId);
      phase.value = 'details';
    } catch (error) {
      if (isGone(error)) phase.value = 'gone';
      else {
        deps.showError(error);
        phase.value = 'failed';
      }
    }
  }

  return {
    phase,
    details,
    notKirish,
    busy,
    open,

    /** A text the camera read: opens the request it names, or says it is not a Kirish code. True when accepted. */
    read(text: string): boolean {
      const requestId = scannedRequestId(text, deps.origin);
      if (!requestId) {
        notKirish.value = true;
        return false;
      }
      void open(requestId);
      return true;
    },

    /** Loading the details failed (not because the request is gone): again. */
    retry: () => (id ? open(id) : undefined),

    approve,

    /** The proof was given: the approval of the number picked before. */
    proven: (proof: string) => (picked ? approve(picked, proof) : Promise.resolve()),

    /** The proof step cancelled: back to the details, nothing approved. */
    cancelProof() {
      phase.value = 'details';
    },

    deny() {
      const requestId = id;
      return requestId ? act(() => deps.api.deny(requestId), 'denied') : Promise.resolve();
    },

    scanAgain() {
      id = null;
      picked = null;
      details.value = null;
      notKirish.value = false;
      phase.value = 'scanning';
    },
  };
}

export type QrApproveModel = ReturnType<typeof createQrApproveModel>;
