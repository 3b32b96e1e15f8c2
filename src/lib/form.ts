/**
 * What every flow's form shares: per-field error keys, a busy flag, and `attempt`, which runs a call
 * and turns its failure into a field error or a toast (SPEC §8) — never an unhandled rejection.
 */
import { signal } from '@preact/signals-react';

export type ShowError = (error: unknown, inline?: (key: string) => string | undefined) => { key: string; field: string } | null;

export interface AttemptOptions {
  /** The form's field for a field the server named. */
  fieldOf?: (serverField: string) => string;
  /** The form's field for a key the server sent without one. */
  inline?: (key: string) => string | undefined;
}

export function createForm(showError: ShowError) {
  const errors = signal<Record<string, string>>({});
  const busy = signal(false);

  function setError(field: string, key: string): void {
    errors.value = { ...errors.value, [field]: key };
  }

  function clearError(field: string): void {
    if (!(field in errors.value)) return;
    const { [field]: _removed, ...rest } = errors.value;
    errors.value = rest;
  }

  /** Runs `work` unless busy; on failure, shows the error and returns undefined. */
  async function attempt<T>(work: () => Promise<T>, options: AttemptOptions = {}): Promise<T | undefined> {
    if (busy.peek()) return undefined;
    busy.value = true;
    try {
      return await work();
    } catch (error) {
      const fieldError = showError(error, options.inline);
      if (fieldError) setError(options.fieldOf ? options.fieldOf(fieldError.field) : fieldError.field, fieldError.key);
      return undefined;
    } finally {
      busy.value = false;
    }
  }

  return { errors, busy, setError, clearError, attempt, reset: () => (errors.value = {}) };
}

export type Form = ReturnType<typeof createForm>;
