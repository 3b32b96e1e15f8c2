import { relativeTime } from '../lib/format/relative-time';
import type { I18n } from '../lib/i18n';
import { useI18n } from '../lib/use-i18n';

/**
 * "5 minutes ago" (docs/product.md §9's relative time) in the active locale, as text. `inSentence`
 * for one that follows other words ("Last changed just now"): "Just now" starts with a capital.
 */
export function relativeText(i18n: Pick<I18n, 't' | 'tn'>, at: string, now: number, inSentence = false): string {
  const relative = relativeTime(at, now);
  if ('text' in relative) return relative.text;
  if (relative.key !== 'just_now') return i18n.tn(relative.key, relative.n);
  const text = i18n.t('just_now');
  return inSentence ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text;
}

/** The relative time as an element, the exact moment in a tooltip. */
export function When({ at, now }: { at: string; now: number }) {
  const i18n = useI18n();
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {relativeText(i18n, at, now)}
    </time>
  );
}
