import { Link } from 'wouter';
import { useI18n } from '../../lib/use-i18n';

export default function NotFoundScreen() {
  const i18n = useI18n();
  return (
    <div className="stack narrow">
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>{i18n.t('not_found_title')}</h1>
      <p>{i18n.t('not_found_text')}</p>
      <Link href="/" className="button button-primary">
        {i18n.t('go_home')}
      </Link>
    </div>
  );
}
