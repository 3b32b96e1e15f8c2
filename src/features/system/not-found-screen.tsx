/**
 * Any address the site does not know: the empty state's drawing and words (docs/design.md, Empty states) with the
 * page's own h1, and the way home. EmptyState draws its title as a paragraph, which cannot be a page's heading; the
 * same classes keep the look.
 */
import { Link } from 'wouter';
import { Icon } from '../../components/icon';
import { useI18n } from '../../lib/use-i18n';

export default function NotFoundScreen() {
  const i18n = useI18n();
  return (
    <div className="empty-state not-found">
      <span className="empty-state-drawing">
        <Icon name="compass" />
      </span>
      <h1 className="empty-state-title">{i18n.t('not_found_title')}</h1>
      <p className="empty-state-text">{i18n.t('not_found_text')}</p>
      <div className="empty-state-action">
        <Link href="/" className="button button-primary">
          {i18n.t('go_home')}
        </Link>
      </div>
    </div>
  );
}
