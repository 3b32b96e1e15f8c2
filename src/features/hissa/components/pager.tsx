import { Link } from 'wouter';
import { useI18n } from '../../../lib/use-i18n';

/** Previous and next pages as links (the page is in the address), and where the reader is. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const i18n = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="hissa-pager" aria-label={i18n.t('hissa_pages')}>
      {page > 1 ? <Link href={href(Math.min(page - 1, pages))}>{i18n.t('hissa_previous')}</Link> : null}
      <span aria-current="page">{i18n.t('hissa_page', { page, pages })}</span>
      {page < pages ? <Link href={href(page + 1)}>{i18n.t('hissa_next')}</Link> : null}
    </nav>
  );
}
