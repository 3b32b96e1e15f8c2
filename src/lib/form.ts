/**
 * What every flow's form shares: its fields (value, error and touched, by `field()`), per-field error
 * keys, a busy (submitting) flag, and `attempt`, which runs a call and turns its failure into a field
 * error or a toast (docs/product.md §8) — never an unhandled rejection.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { ErrorKey } from '../../server/src/contract/error-keys.js';

export type ShowError = (
  error: unknown,
  inline?: (key: ErrorKey) => string | undefined,
) => { key: ErrorKey; field: string } | null;

export interface AttemptOptions {
  /** The form's field for a field the server named. */
  fieldOf?: (serverField: string) => string;
  /** The form's field for a key the server sent without one. */
  inline?: (key: ErrorKey) => string | undefined;
}

/**
 * One field of a form: a signal of what it holds (so a model reads and writes `field.value` as any
 * signal), with the error key said beside it and whether the person changed it.
 */
export interface Field<T> extends Signal<T> {
  readonly name: string;
  /** The field's error key, if any (the form's `errors` under the field's name). */
  readonly error: ReadonlySignal<ErrorKey | undefined>;
  /** Set by the person's first change (`set`), not by the model's own writes to `value`. */
  readonly touched: ReadonlySignal<boolean>;
  /** What the person typed or chose: the value, touched, and the field's error cleared. */
  set(value: T): void;
}

export function createForm(showError: ShowError) {
  const errors = signal<Record<string, ErrorKey>>({});
  const busy = signal(false);

  /** `key` is a catalogue key: one missing from the catalogue is a type error. */
  function setError(name: string, key: ErrorKey): void {
    errors.value = { ...errors.value, [name]: key };
  }

  function clearError(name: string): void {
    if (!(name in errors.value)) return;
    const { [name]: _removed, ...rest } = errors.value;
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

  /** A field whose errors are this form's under `name`. */
  function field<T>(name: string, initial: T): Field<T> {
    const value = signal(initial);
    const touched = signal(false);
    return Object.assign(value, {
      name,
      touched,
      error: computed(() => errors.value[name]),
      set(next: T) {
        value.value = next;
        touched.value = true;
        clearError(name);
      },
    });
  }

  return { errors, busy, setError, clearError, attempt, field, reset: () => (errors.value = {}) };
}

export type Form = ReturnType<typeof createForm>;
