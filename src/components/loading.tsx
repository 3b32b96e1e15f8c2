import { useI18n } from '../lib/use-i18n';

/** The one sign that something is loading: the screen's placeholder, announced as busy. LoadState shows it too. */
export function Loading() {
  const i18n = useI18n();
  return <div className="screen-loading" aria-busy="true" aria-label={i18n.t('loading')} />;
}
