/**
 * Sign-in by QR (issue 39, docs/api.md "Sign-in by QR", contract/qr-login.ts): a browser not signed in
 * makes a request and shows its QR and number; a phone signed in reads it, sees who asks, and approves
 * by picking the browser's number among three. The threat it is built against is a QR relayed from a
 * phishing page to a victim's phone (docs/decisions.md, Sign-in by QR):
 * - number matching: the phone's person must read the number off the screen that asks; a wrong pick
 *   kills the request at once, so a relayed code gives one guess in three, never three;
 * - the phone shows the asking browser's device, address and time, and the request lives 60 s and once;
 * - the browser's secret (256 bits) travels only in a header and is kept only as its hash, so the id
 *   in the QR (which anyone who sees the screen has) reads nothing;
 * - no token is kept at rest: the session is made, and its tokens signed, in the transaction in which
 *   the browser holding the secret takes the approval, which succeeds once (storage `consume`).
 * Nothing lives in one process: the state is the database's, and a waiting stream is woken by the
 * signals every instance shares (storage/signals.ts) and reads its request again each second anyway.
 */
import {
  QR_APPROVAL_TOKEN_MAX_AGE_SECONDS,
  QR_EVENTS_POLL_MS,
  QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP,
} from '../config/policy.js';
import {
  QR_LOGIN_LIFETIME_SECONDS,
  type QrLoginApproval,
  type QrLoginEvent,
  type QrLoginRequestCreated,
  type QrLoginRequestDetails,
} from '../contract/qr-login.js';
import { ApiError, tooManyRequests } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { RequestMeta } from '../lib/request-meta.js';
import { constantTimeEqual, randomBelow, randomDigits, randomSecret, sha256 } from '../lib/secrets.js';
import { parseUserAgent } from '../lib/user-agent.js';
import type { QrLoginRequest, Storage } from '../storage/storage.js';
import type { Signals } from '../storage/signals.js';
import { recordEvent } from './audit-log.js';
import { createRateLimiter } from './rate-limiter.js';
import type { Authenticated, SessionService } from './session-service.js';
import { consumeStepUpProof } from './step-up.js';
import { tokenResponse } from './token-response.js';

/** The signal a change of a request sends, its id the message (storage/signals.ts). */
export const QR_LOGIN_CHANNEL = 'qr_login_requests';

/** The states after which nothing more happens to a request. */
export const FINAL_QR_EVENTS: ReadonlySet<QrLoginEvent['state']> = new Set(['approved', 'denied', 'expired']);

const notFound = () => new ApiError(404, [{ error: 'qr_request_not_found' }]);
const expired = () => new ApiError(410, [{ error: 'qr_request_expired' }]);
const closed = () => new ApiError(409, [{ error: 'qr_request_closed' }]);

/** What a wait for the next event ended with. */
export type QrWatch = QrLoginEvent | 'taken' | 'timeout';

export interface QrLoginService {
  create(meta: RequestMeta): Promise<QrLoginRequestCreated>;
  /** The browser's calls: 404 `qr_request_not_found` for an unknown id and for a wrong or missing secret alike. */
  authorize(id: string, secret: string | undefined): Promise<void>;
  /**
   * The first event that `isNew` accepts, waiting for it at most `waitMs` (real time) or until `abort`:
   * `approved` carries the tokens, made now, to this caller alone; `taken` when another reader took them.
   */
  watch(
    id: string,
    meta: RequestMeta,
    isNew: (event: QrLoginEvent) => boolean,
    waitMs: number,
    abort: AbortSignal,
  ): Promise<QrWatch>;
  /** The phone's view; marks the request scanned. */
  details(id: string, auth: Authenticated): Promise<QrLoginRequestDetails>;
  approve(id: string, auth: Authenticated, approval: QrLoginApproval, meta: RequestMeta): Promise<void>;
  /** Any signed-in phone that read the code may refuse it: a refusal signs nobody in. */
  deny(id: string): Promise<void>;
}

/** Two digits other than `number` and each other, and the three in a random order. */
function numbersAround(number: string): [string, string, string] {
  const numbers = [number];
  while (numbers.length < 3) {
    const decoy = randomDigits(2);
    if (!numbers.includes(decoy)) numbers.push(decoy);
  }
  for (let i = numbers.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1);
    [numbers[i], numbers[j]] = [numbers[j] ?? '', numbers[i] ?? ''];
  }
  return [numbers[0] ?? '', numbers[1] ?? '', numbers[2] ?? ''];
}

/** Resolves after `ms`, on `abort`, or when `bell` rings, whichever comes first. */
function pause(ms: number, abort: AbortSignal, bell: { ring?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      abort.removeEventListener('abort', done);
      bell.ring = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    abort.addEventListener('abort', done);
    bell.ring = done;
  });
}

export function createQrLoginService(deps: {
  storage: Storage;
  clock: Clock;
  sessions: SessionService;
  signals: Signals;
  publicUrl: string;
}): QrLoginService {
  const { storage, clock, sessions, signals } = deps;
  const limiter = createRateLimiter(storage, clock, {
    scope: 'qr_login_ip',
    limit: QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP,
    windowSeconds: 60,
  });
  const changedRequest = (id: string) => signals.publish(QR_LOGIN_CHANNEL, id);

  /** The request as the phone may act on it: 404, 409 when closed, 410 when expired. */
  async function liveRequest(id: string, auth: Authenticated): Promise<QrLoginRequest> {
    // A deactivated account approves nothing (docs/product.md §6), as it may change nothing else.
    if (auth.user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
    const request = await storage.qrLogins.find(id);
    if (!request) throw notFound();
    return refusedOrLive(request);
  }

  function refusedOrLive(request: QrLoginRequest): QrLoginRequest {
    if (request.state !== 'pending' && request.state !== 'scanned') throw closed();
    if (clock.now() >= request.expiresAt) throw expired();
    return request;
  }

  /** After a change that did not happen (another call won the race): why, as the phone is told. */
  async function refusal(id: string): Promise<ApiError> {
    const request = await storage.qrLogins.find(id);
    if (!request) return notFound();
    try {
      refusedOrLive(request);
    } catch (error) {
      if (error instanceof ApiError) return error;
    }
    return closed();
  }

  /** The event the browser is owed now; undefined when the tokens were taken by another reader. */
  async function currentEvent(id: string, meta: RequestMeta): Promise<QrLoginEvent | undefined> {
    const request = await storage.qrLogins.find(id);
    if (!request) return { state: 'expired' };
    const now = clock.now();
    if (request.state === 'denied' || request.state === 'killed') return { state: 'denied' };
    if (request.state === 'approved') return request.consumedAt === null ? handOver(request, meta) : undefined;
    if (now >= request.expiresAt) return { state: 'expired' };
    return { state: request.state };
  }

  /** The sign-in an approval stands for, made for the one reader that takes it. */
  async function handOver(request: QrLoginRequest, meta: RequestMeta): Promise<QrLoginEvent | undefined> {
    const started = await storage.transaction(async (tx) => {
      const now = clock.now();
      if (request.userId === null || !(await tx.qrLogins.consume(request.id, now))) return undefined;
      const user = await tx.users.findById(request.userId);
      if (!user) return undefined;
      // The browser's own session: its device is the one its request was bound to, its source `qr`.
      const session = await sessions.start(
        tx,
        user,
        { ...meta, deviceId: request.deviceId, source: 'qr' },
        request.save,
        // The phone's approval stands for a sign-in Kirish does not see here: no amr, never a guess (services/amr.ts).
        null,
      );
      await recordEvent(tx, {
        type: 'login',
        userId: user.id,
        sessionId: session.session.id,
        meta,
        at: now,
        details: { method: 'qr' },
      });
      return { user, session };
    });
    if (!started) return undefined;
    const tokens = tokenResponse(started.user, started.session, await sessions.accessToken(started.session.session));
    return { state: 'approved', tokens };
  }

  return {
    async create(meta) {
      const retryAfter = await limiter.hit(meta.ip);
      if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
      const now = clock.now();
      // 128 bits for the id (it is seen by whoever sees the screen), 256 for the secret (lib/secrets.ts).
      const id = randomSecret(16);
      const secret = randomSecret();
      const number = randomDigits(2);
      await storage.qrLogins.insert({
        id,
        secretHash: sha256(secret),
        number,
        numbers: numbersAround(number),
        userAgent: meta.userAgent,
        ip: meta.ip,
        // Kirish has no address-to-place table (yet): the phone shows the address alone.
        place: null,
        deviceId: meta.deviceId,
        createdAt: now,
        expiresAt: now + QR_LOGIN_LIFETIME_SECONDS * 1000,
        state: 'pending',
        userId: null,
        save: false,
        decidedAt: null,
        consumedAt: null,
      });
      return {
        id,
        secret,
        qr: `${deps.publicUrl}/personal/qr-scanner#${id}`,
        number,
        expires_in: QR_LOGIN_LIFETIME_SECONDS,
      };
    },

    async authorize(id, secret) {
      const request = await storage.qrLogins.find(id);
      // Compared as hashes of equal length, in constant time; one answer for "no such id" and "wrong secret".
      const presented = sha256(secret ?? '');
      if (!constantTimeEqual(presented, request?.secretHash ?? sha256('')) || !request || secret === undefined)
        throw notFound();
    },

    async watch(id, meta, isNew, waitMs, abort) {
      const deadline = performance.now() + waitMs;
      // Subscribed for the whole wait, so that a signal sent while the row is being read is not lost.
      const bell: { ring?: () => void; rung?: boolean } = {};
      const unsubscribe = signals.subscribe(QR_LOGIN_CHANNEL, (message) => {
        if (message !== id) return;
        bell.rung = true;
        bell.ring?.();
      });
      try {
        for (;;) {
          bell.rung = false;
          const event = await currentEvent(id, meta);
          if (event === undefined) return 'taken';
          if (isNew(event)) return event;
          const left = deadline - performance.now();
          if (left <= 0 || abort.aborted) return 'timeout';
          if (!bell.rung) await pause(Math.min(left, QR_EVENTS_POLL_MS), abort, bell);
        }
      } finally {
        unsubscribe();
      }
    },

    async details(id, auth) {
      const request = await liveRequest(id, auth);
      if (await storage.qrLogins.markScanned(id, clock.now())) changedRequest(id);
      const agent = parseUserAgent(request.userAgent);
      return {
        id: request.id,
        browser: agent.browser,
        os: agent.os,
        ip: request.ip,
        place: request.place,
        created_at: new Date(request.createdAt).toISOString(),
        expires_in: Math.max(0, Math.ceil((request.expiresAt - clock.now()) / 1000)),
        numbers: request.numbers,
      };
    },

    async approve(id, auth, approval, meta) {
      const request = await liveRequest(id, auth);
      const now = clock.now();
      const stale = auth.issuedAt === undefined || now - auth.issuedAt > QR_APPROVAL_TOKEN_MAX_AGE_SECONDS * 1000;
      const outcome = await storage.transaction(async (tx): Promise<'approved' | 'killed' | 'lost'> => {
        // A token signed long ago may be a stolen one: the phone's person proves it is them first
        // (contract/step-up.ts); refused, nothing else happens, and the request stays as it was.
        if (stale) await consumeStepUpProof(tx, approval.proof, auth, now);
        // One guess: a relayed code dies at the first wrong number (docs/decisions.md, Sign-in by QR).
        if (!constantTimeEqual(approval.number, request.number))
          return (await tx.qrLogins.close(id, 'killed', now)) ? 'killed' : 'lost';
        if (!(await tx.qrLogins.approve(id, { userId: auth.user.id, save: approval.save ?? false, at: now })))
          return 'lost';
        const agent = parseUserAgent(request.userAgent);
        await recordEvent(tx, {
          type: 'qr_approved',
          userId: auth.user.id,
          sessionId: auth.session.id,
          meta,
          at: now,
          details: { ip: request.ip, browser: agent.browser, os: agent.os },
        });
        return 'approved';
      });
      if (outcome === 'lost') throw await refusal(id);
      changedRequest(id);
      // 409, not 403: the SPA answers a 401 or 403 by refreshing the token and sending the call again
      // (src/lib/http.ts), whose replay would meet the killed request and hide why it ended.
      if (outcome === 'killed') throw new ApiError(409, [{ error: 'qr_number_mismatch' }]);
    },

    async deny(id) {
      const request = await storage.qrLogins.find(id);
      if (!request) throw notFound();
      refusedOrLive(request);
      if (!(await storage.qrLogins.close(id, 'denied', clock.now()))) throw await refusal(id);
      changedRequest(id);
    },
  };
}
