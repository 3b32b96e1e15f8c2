import { relativeTime } from '../lib/format/relative-time';
import { useI18n } from '../lib/use-i18n';

/** "5 minutes ago" (docs/product.md §9's relative time) in the active locale, the exact moment in a tooltip. */
export function When({ at, now }: { at: string; now: number }) {
  const i18n = useI18n();
  const relative = relativeTime(at, now);
  const text =
    'text' in relative
      ? relative.text
      : relative.key === 'just_now'
        ? i18n.t('just_now')
        : i18n.tn(relative.key, relative.n);
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {text}
    </time>
  );
}
