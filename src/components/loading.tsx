import { useI18n } from '../lib/use-i18n';

/**
 * The one sign that something is loading: a spinner where the content will be, shown only when the
 * wait is long enough to notice (styles.css delays it), with its words for a screen reader. The
 * route view shows it while a screen's chunk loads; LoadState while a screen's data does.
 */
export function Loading() {
  const i18n = useI18n();
  return (
    <div className="screen-loading" aria-busy="true">
      <span className="visually-hidden">{i18n.t('loading')}</span>
    </div>
  );
}
