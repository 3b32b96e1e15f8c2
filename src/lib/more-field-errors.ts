/**
 * The field errors after the first of a refused call that names several (a form's every problem at
 * once, docs/api.md): `form.attempt` says the first (show-error.ts), a form that wants every one
 * puts these beside their fields too. A module of its own so that the pages that do not need it (the
 * sign-in page first) pay nothing for it. The server's keys are catalogue keys (its `ErrorKey` type).
 */
import type { ErrorKey } from '../../server/src/contract/error-keys.js';
import { displayKey } from './api-error';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function moreFieldErrors(error: unknown): { key: ErrorKey; field: string }[] {
  const data = isRecord(error) ? error.data : undefined;
  if (!isRecord(data) || !Array.isArray(data.errors)) return [];
  return data.errors.slice(1).flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.error !== 'string' || typeof item.field !== 'string') return [];
    return [{ key: displayKey(item.error) as ErrorKey, field: item.field }];
  });
}
