/**
 * The three pages of the reviews section as a bar of links (docs/design.md, one current page marked with
 * `aria-current`), and the way back to Home above it.
 */
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';

const TABS = [
  { path: '/projects/review/my-reviews', key: 'title_reviews_my_reviews' },
  { path: '/projects/review/my-achievements', key: 'title_reviews_my_achievements' },
  { path: '/projects/review/my-companies', key: 'title_reviews_my_companies' },
] as const;

export type ReviewsTab = (typeof TABS)[number]['path'];

export function ReviewsTabs({ current }: { current: ReviewsTab }) {
  const i18n = useI18n();
  return (
    <>
      <p className="reviews-back">
        <Link href="/">
          <Icon name="arrow-left" /> {i18n.t('reviews_back_home')}
        </Link>
      </p>
      <nav className="reviews-tabs" aria-label={i18n.t('reviews_tabs')}>
        {TABS.map((tab) => (
          <Link key={tab.path} href={tab.path} aria-current={tab.path === current ? 'page' : undefined}>
            {i18n.t(tab.key)}
          </Link>
        ))}
      </nav>
    </>
  );
}
