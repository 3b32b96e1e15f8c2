import { Link } from 'wouter';
import { useI18n } from '../../lib/use-i18n';

/** The page of every route whose screen a later issue builds. */
export default function NotAvailableScreen() {
  const i18n = useI18n();
  return (
    <div className="stack narrow">
      <h1>{i18n.t('not_available_title')}</h1>
      <p>{i18n.t('not_available_text')}</p>
      <Link href="/" className="button button-secondary">
        {i18n.t('go_home')}
      </Link>
    </div>
  );
}
