import { relativeTime } from '../../../lib/format/relative-time';
import type { I18n } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

/** "5 minutes ago" (docs/product.md §9's relative time) in the active locale, as text for a sentence around it. */
export function relativeText(i18n: Pick<I18n, 't' | 'tn'>, at: string, now: number): string {
  const relative = relativeTime(at, now);
  if ('text' in relative) return relative.text;
  return relative.key === 'just_now' ? i18n.t('just_now') : i18n.tn(relative.key, relative.n);
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
