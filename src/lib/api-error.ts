/**
 * The error reader of docs/product.md §8: where a failed call's key is, which keys stand for which sentence,
 * and what the user is shown — a sentence beside a field, a toast, or nothing (a 404, a call
 * that failed because the session could not be refreshed: the user is already on the way to Login,
 * or one refused because another tab switched the account: the page says that once, for all calls).
 */

import type { ErrorKey } from '../../server/src/contract/error-keys.js';

/** A key the SPA shows is a catalogue key: one it names in code is checked by the type, one the server sent by `knownKeys`. */
export type ErrorOutcome =
  { show: 'field'; key: ErrorKey; field: string } | { show: 'toast'; key: ErrorKey } | { show: 'nothing' };

/**
 * docs/product.md §8: keys shown as another key's sentence. Not user_not_found_email and user_not_found_phone
 * (the product says them as "isn't valid"): the address or number is valid, it just has no account, and
 * the person must be told that (issue 12; docs/decisions.md, "Where Kirish departs from the product rules").
 */
export const ALIASES: Readonly<Record<string, string>> = {
  invalid_otp: 'code_not_valid',
  wrong_code: 'code_not_valid',
  phone_taken_phone: 'already_taken',
  user_exists_phone: 'already_taken',
};

interface FailedResponse {
  status?: number;
  data?: unknown;
  signedOut?: boolean;
  accountChanged?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** docs/product.md §8: response.data.errors[0].error, else data.detail.data, else data.error. */
export function errorKeyOf(data: unknown): { key: string; field?: string } | null {
  if (!isRecord(data)) return null;
  const first = Array.isArray(data.errors) ? data.errors[0] : undefined;
  if (isRecord(first) && typeof first.error === 'string') {
    return typeof first.field === 'string' ? { key: first.error, field: first.field } : { key: first.error };
  }
  if (isRecord(data.detail) && typeof data.detail.data === 'string') return { key: data.detail.data };
  if (typeof data.error === 'string') return { key: data.error };
  return null;
}

/** The key whose sentence is shown: aliases resolved, every timeout variant as the one cooldown sentence (its time is the countdown's, code-sender.ts). */
export function displayKey(key: string): string {
  if (key.includes('timeout')) return 'timeout_try_2_min';
  return ALIASES[key] ?? key;
}

export function readError(error: unknown, knownKeys: (key: string) => boolean): ErrorOutcome {
  const response: FailedResponse = isRecord(error) ? (error as FailedResponse) : {};
  const status = typeof response.status === 'number' ? response.status : undefined;
  // A refused account was said once already, by the page (main.tsx), whatever call met it first.
  if (status === 404 || response.signedOut || response.accountChanged) return { show: 'nothing' };
  if (status === 500 || status === 502) return { show: 'toast', key: 'server_error' };
  const found = errorKeyOf(response.data);
  if (!found) return { show: 'toast', key: 'error_try_again' };
  const shown = displayKey(found.key);
  if (!knownKeys(shown)) return { show: 'toast', key: 'error_try_again' };
  // The loaded catalogue holds it: a key of the catalogue.
  const key = shown as ErrorKey;
  return found.field ? { show: 'field', key, field: found.field } : { show: 'toast', key };
}
