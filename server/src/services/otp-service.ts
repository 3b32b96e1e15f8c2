/**
 * One-time codes and the single-use proofs (request ids) that a contact was verified.
 * Codes: 6 digits from the CSPRNG, stored as a keyed hash, bound to (contact, purpose), alive for
 * 5 minutes, 5 wrong tries at most, a 2-minute resend cooldown and hourly caps per contact and per
 * client address (docs/decisions.md).
 */
import {
  OTP_DIGITS,
  OTP_HOURLY_CAP_PER_CONTACT,
  OTP_HOURLY_CAP_PER_IP,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  VERIFICATION_TTL_SECONDS,
} from '../config/policy.js';
import { ApiError, badRequest, tooManyRequests } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import { maskContact, type Contact } from '../lib/contacts.js';
import type { LogFields } from '../lib/json-log.js';
import type { Locale } from '../lib/locales.js';
import { constantTimeEqual, hmacSha256, randomDigits, randomId, randomSecret, sha256 } from '../lib/secrets.js';
import { SendFailedError, type Sender } from '../senders/sender.js';
import type { OtpCode, Storage, Verification } from '../storage/storage.js';
import type { KirishMetrics } from './metrics.js';
import type { Purpose } from './purposes.js';
import { translate } from './translations.js';

const HOUR_MS = 60 * 60 * 1000;

export interface SendCodeRequest {
  purpose: Purpose;
  contact: Contact;
  channel: 'sms' | 'call' | 'email';
  ip: string;
  locale: Locale;
}

export interface SentCode {
  /** The masked contact the code went to, for the "code sent" toast. */
  to: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

export interface OtpService {
  send(request: SendCodeRequest): Promise<SentCode>;
  /**
   * Checks and uses up the code; throws the catalogue key of what is wrong. Resolves to the channel it
   * was sent by (a sign-in's `amr`, services/amr.ts).
   */
  consume(purpose: Purpose, contact: Contact, code: string): Promise<OtpCode['channel']>;
  /**
   * Issues the single-use proof that `contact` was verified for `purpose`, bound to the signed-in
   * account `userId` when a signed-in section asked for it.
   */
  issueProof(purpose: Purpose, contact: Contact, userId?: string | null): Promise<string>;
  /**
   * The proof a request id names, if it is one of `purposes`, unexpired and unused; left unused. For
   * checks that must not run inside the transaction that redeems it (a password hash's verify).
   */
  checkProof(store: Storage, requestId: string, purposes: readonly Purpose[]): Promise<Verification>;
  /** Redeems a proof inside the caller's transaction (so that a failed registration leaves it unused). */
  redeemProof(tx: Storage, requestId: string, purposes: readonly Purpose[]): Promise<Verification>;
}

export interface OtpServiceDeps {
  storage: Storage;
  clock: Clock;
  sender: Sender;
  /** Server secret keying the code hashes. */
  codeKey: string;
  /** WebOTP (WICG SMS OTP format): the last SMS line `@host #code` lets browsers fill the code in. */
  webOtpHost: string;
  /** Counts the codes sent, and the sender's failures, by channel (issue 13). */
  metrics?: Pick<KirishMetrics, 'codeSent' | 'senderFailure'>;
  /** Where a sender's failure is said: one line, without the contact or the code (docs/deploy.md, Logs). */
  log?: (message: string, error?: unknown, fields?: LogFields) => void;
}

function secondsUntil(targetMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((targetMs - nowMs) / 1000));
}

export function createOtpService({
  storage,
  clock,
  sender,
  codeKey,
  webOtpHost,
  metrics,
  log,
}: OtpServiceDeps): OtpService {
  const hashCode = (codeId: string, code: string) => hmacSha256(codeKey, `${codeId}:${code}`);

  const checkProof: OtpService['checkProof'] = async (store, requestId, purposes) => {
    const proof = await store.verifications.findByHash(sha256(requestId));
    if (!proof || !(purposes as readonly string[]).includes(proof.purpose) || clock.now() >= proof.expiresAt) {
      throw badRequest('request_id_error', 'request_id');
    }
    if (proof.usedAt !== null) throw badRequest('unique_request_id', 'request_id');
    return proof;
  };

  function messageText(request: SendCodeRequest, code: string): { text: string; subject: string } {
    const { locale } = request;
    const subject = translate(locale, 'otp_email_subject', { code });
    if (request.channel === 'sms') {
      return { subject, text: `${translate(locale, 'otp_sms_text', { code })}\n\n@${webOtpHost} #${code}` };
    }
    if (request.channel === 'call')
      return { subject, text: translate(locale, 'otp_call_text', { code: code.split('').join(' ') }) };
    return { subject, text: translate(locale, 'otp_email_text', { code }) };
  }

  return {
    async send(request) {
      const now = clock.now();
      const { contact, purpose } = request;
      const code = randomDigits(OTP_DIGITS);
      const id = randomId();
      // The limits are checked and the code row — the reservation every later count sees — written
      // in one transaction that first takes the contact's and the address's limit locks, so parallel
      // requests, in one process or many, are counted one by one before any sender is called.
      await storage.transaction(async (tx) => {
        await tx.limitLocks.take('otp_contact', contact.value, now);
        await tx.limitLocks.take('otp_ip', request.ip, now);
        const previous = await tx.codes.latest(contact.value, purpose);
        // The cooldown runs from the last code sent unless that code was used (a new flow may start at once) or
        // its SMS never reached the phone (the gateway said so: services/sms-delivery-reports.ts).
        if (previous && previous.closeReason !== 'used' && previous.closeReason !== 'undelivered') {
          const cooldownEndsAt = previous.createdAt + OTP_RESEND_COOLDOWN_SECONDS * 1000;
          if (now < cooldownEndsAt) throw tooManyRequests('timeout', secondsUntil(cooldownEndsAt, now));
        }
        const since = now - HOUR_MS;
        if ((await tx.codes.countSince({ contact: contact.value }, since)) >= OTP_HOURLY_CAP_PER_CONTACT) {
          throw tooManyRequests('rate_limit_error', HOUR_MS / 1000);
        }
        if ((await tx.codes.countSince({ ip: request.ip }, since)) >= OTP_HOURLY_CAP_PER_IP) {
          throw tooManyRequests('rate_limit_error', HOUR_MS / 1000);
        }
        // A new code replaces the old one: only the latest code can ever be right.
        await tx.codes.closeOpen(contact.value, purpose, now, 'replaced');
        await tx.codes.insert({
          id,
          purpose,
          contactType: contact.type,
          contact: contact.value,
          codeHash: hashCode(id, code),
          channel: request.channel,
          ip: request.ip,
          createdAt: now,
          expiresAt: now + OTP_TTL_SECONDS * 1000,
          attempts: 0,
          closedAt: null,
          closeReason: null,
        });
      });
      try {
        await sender.send({
          channel: request.channel,
          to: contact.value,
          code,
          purpose,
          codeId: id,
          ...messageText(request, code),
        });
      } catch (error) {
        await storage.codes.close(id, clock.now(), 'replaced');
        if (error instanceof SendFailedError) {
          // The operator learns of it (a warning, no stack: the gateway failed, not Kirish), the person gets a 502.
          log?.('code not sent: the sender failed', undefined, {
            channel: request.channel,
            gateway: error.gateway,
            reason: error.reason,
          });
          metrics?.senderFailure(request.channel);
          throw new ApiError(502, [{ error: 'server_error' }]);
        }
        throw error;
      }
      metrics?.codeSent(request.channel);
      return {
        to: maskContact(contact),
        expiresInSeconds: OTP_TTL_SECONDS,
        resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS,
      };
    },

    async consume(purpose, contact, code) {
      const now = clock.now();
      const latest = await storage.codes.latest(contact.value, purpose);
      if (!latest || latest.closedAt !== null || now >= latest.expiresAt) {
        if (latest?.closeReason === 'attempts') throw badRequest('code_attempts_exceeded', 'code');
        throw badRequest('code_expired', 'code');
      }
      // The try is counted before the digits are compared, in one statement: parallel guesses get
      // OTP_MAX_ATTEMPTS comparisons between them, exactly as many as guesses one after another.
      const attempts = await storage.codes.takeAttempt(latest.id, OTP_MAX_ATTEMPTS);
      if (attempts === null) {
        const again = await storage.codes.latest(contact.value, purpose);
        const exhausted =
          again?.id === latest.id && (again.closeReason === 'attempts' || again.attempts >= OTP_MAX_ATTEMPTS);
        throw badRequest(exhausted ? 'code_attempts_exceeded' : 'code_expired', 'code');
      }
      if (!constantTimeEqual(latest.codeHash, hashCode(latest.id, code))) {
        // After the last allowed wrong try the code is dead, even for the right digits.
        if (attempts >= OTP_MAX_ATTEMPTS) await storage.codes.close(latest.id, now, 'attempts');
        throw badRequest('code_not_valid', 'code');
      }
      // Two requests racing with the right code: exactly one closes it.
      if (!(await storage.codes.close(latest.id, now, 'used'))) throw badRequest('code_expired', 'code');
      return latest.channel;
    },

    async issueProof(purpose, contact, userId = null) {
      const requestId = randomSecret();
      const now = clock.now();
      await storage.verifications.insert({
        id: randomId(),
        requestHash: sha256(requestId),
        purpose,
        contactType: contact.type,
        contact: contact.value,
        createdAt: now,
        expiresAt: now + VERIFICATION_TTL_SECONDS * 1000,
        usedAt: null,
        userId,
      });
      return requestId;
    },

    checkProof,

    async redeemProof(tx, requestId, purposes) {
      const proof = await checkProof(tx, requestId, purposes);
      // Two requests racing with one id: exactly one marks it.
      if (!(await tx.verifications.markUsed(proof.id, clock.now())))
        throw badRequest('unique_request_id', 'request_id');
      return proof;
    },
  };
}
