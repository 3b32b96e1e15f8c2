/**
 * What the person sees of a failed call (docs/product.md §8): the sentence beside its field, in a toast, or
 * nothing at all — a 404, or a call that failed because the session could not be refreshed (the
 * person is on the way to Login, and a "try again" there would be wrong). A failure that is not an
 * HTTP answer is a bug or a lost connection: it goes to error reporting too.
 */
import { readError } from './api-error';
import type { ShowError } from './form';
import type { I18n } from './i18n';
import type { Toasts } from './toasts';

export function createShowError(
  i18n: { has: (key: string) => boolean; t: I18n['t'] },
  toasts: Pick<Toasts, 'show'>,
  report: (error: unknown) => void,
): ShowError {
  return (error, inline) => {
    const outcome = readError(error, i18n.has);
    if (outcome.show === 'field') return { key: outcome.key, field: outcome.field };
    if (outcome.show === 'toast') {
      const field = inline?.(outcome.key);
      if (field) return { key: outcome.key, field };
      toasts.show('error', i18n.t(outcome.key));
    }
    if (!(error as { status?: number } | null)?.status) report(error);
    return null;
  };
}
