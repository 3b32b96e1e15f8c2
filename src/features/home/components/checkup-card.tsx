/**
 * The security checkup at the top of Home: what would make the account safer, each a row leading to the screen that
 * does it. When nothing is left it stays as one calm line rather than vanishing, so the person learns that the
 * account was checked and passed, and Home keeps the same shape from one visit to the next.
 */
import { Row, RowList } from '../../../components/row';
import { useI18n } from '../../../lib/use-i18n';
import type { CheckupItem } from '../models/checkup';

export function CheckupCard({ items }: { items: readonly CheckupItem[] }) {
  const i18n = useI18n();
  if (items.length === 0) {
    return (
      <div className="checkup-done">
        <RowList>
          <Row icon="shield" label={i18n.t('home_checkup_done')} detail={i18n.t('home_checkup_done_hint')} />
        </RowList>
      </div>
    );
  }
  return (
    <div className="checkup">
      <RowList title={i18n.t('home_checkup_title')} id="checkup">
        {items.map((item) => (
          <Row key={item.id} icon={item.icon} label={i18n.t(item.key)} detail={i18n.t(item.hint)} href={item.href} />
        ))}
      </RowList>
    </div>
  );
}
