/**
 * The way back to Home and Hissa's two views as a bar of links (docs/design.md, one current page marked
 * with `aria-current`): the projects near me, and my contributions.
 */
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';
import { HISSA_PATH, mineAddress } from '../models/hissa-address';

export function HissaNav({ current }: { current: 'projects' | 'mine' | null }) {
  const i18n = useI18n();
  return (
    <>
      <p className="hissa-back">
        <Link href="/">
          <Icon name="arrow-left" /> {i18n.t('hissa_back_home')}
        </Link>
      </p>
      <nav className="hissa-tabs" aria-label={i18n.t('hissa_views')}>
        <Link href={HISSA_PATH} aria-current={current === 'projects' ? 'page' : undefined}>
          {i18n.t('hissa_tab_projects')}
        </Link>
        <Link href={mineAddress()} aria-current={current === 'mine' ? 'page' : undefined}>
          {i18n.t('hissa_tab_mine')}
        </Link>
      </nav>
    </>
  );
}
