import { useI18n } from '../lib/use-i18n';
import { Button } from './button';

/**
 * The pages of a list the address holds (`?page=`): Newer and Older around "Page 2 of 5", which a screen
 * reader hears when it changes. Named by `label` ("Pages of reviews"); shown only with more than one page.
 */
export function Pager({
  label,
  page,
  pages,
  onGo,
}: {
  label: string;
  page: number;
  pages: number;
  onGo: (page: number) => void;
}) {
  const i18n = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="row pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onGo(Math.min(page - 1, pages))}>
        {i18n.t('pager_newer')}
      </Button>
      <span aria-live="polite">{i18n.t('pager_page', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onGo(page + 1)}>
        {i18n.t('pager_older')}
      </Button>
    </nav>
  );
}
