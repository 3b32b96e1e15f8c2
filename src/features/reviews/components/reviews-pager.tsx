/** Newer and Older around "Page 2 of 5", for a list of reviews paged in the address. */
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';

export function ReviewsPager({ page, pages, go }: { page: number; pages: number; go: (page: number) => void }) {
  const i18n = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="row reviews-pages" aria-label={i18n.t('reviews_pages')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => go(Math.min(page - 1, pages))}>
        {i18n.t('reviews_newer')}
      </Button>
      <span aria-live="polite">{i18n.t('reviews_page', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => go(page + 1)}>
        {i18n.t('reviews_older')}
      </Button>
    </nav>
  );
}
