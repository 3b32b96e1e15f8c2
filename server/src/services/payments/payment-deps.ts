/**
 * What the payments routes are built from (docs/api.md, Payments), and the one way they call the
 * processor: its refusal becomes the catalogue key with its field, no answer `502
 * payment_processor_unavailable` (the payment may have been made: the next read reconciles it).
 */
import type { Config } from '../../config/config.js';
import { PAYMENT_PROCESSOR_TIMEOUT_MS } from '../../config/policy.js';
import { ApiError } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { LogFields } from '../../lib/json-log.js';
import { ProcessorRefusal, ProcessorUnavailable, type PaymentProcessor } from './payment-processor.js';
import { createSubscribeApiClient } from './subscribe-api-client.js';
import type { SessionService } from '../../services/session-service.js';
import type { Storage } from '../../storage/storage.js';

export interface PaymentDeps {
  config: Config;
  storage: Storage;
  clock: Clock;
  sessions: SessionService;
  processor: PaymentProcessor;
  log: (message: string, error?: unknown, fields?: LogFields) => void;
  /** How webhooks leave (fetch unless a test says otherwise). */
  fetch?: typeof fetch;
}

export function refusalError(refusal: ProcessorRefusal, status: 400 | 402 = 400): ApiError {
  return new ApiError(status, [refusal.field ? { error: refusal.key, field: refusal.field } : { error: refusal.key }]);
}

/** RFC 9110 §5.5's visible characters, as the IETF's Idempotency-Key draft's string; long enough for a UUID and more. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header, or `400 idempotency_key_required`. */
export function idempotencyKey(header: string | undefined): string {
  if (header === undefined || !IDEMPOTENCY_KEY.test(header))
    throw new ApiError(400, [{ error: 'idempotency_key_required' }]);
  return header;
}

export const unavailableError = () => new ApiError(502, [{ error: 'payment_processor_unavailable' }]);

/** Runs a processor call whose refusal is the person's to correct (a card's number, expiry, code). */
export async function askProcessor<T>(deps: PaymentDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProcessorRefusal) throw refusalError(error);
    if (error instanceof ProcessorUnavailable) {
      deps.log(`payment processor: ${error.reason}`);
      throw unavailableError();
    }
    throw error;
  }
}

/** The Subscribe API client of config.payments (issue 40), or none when no PAYMENT_* variables are set. */
export function configuredProcessor(config: Config): PaymentProcessor | null {
  const settings = config.payments.processor;
  return settings ? createSubscribeApiClient({ ...settings, timeoutMs: PAYMENT_PROCESSOR_TIMEOUT_MS }) : null;
}
