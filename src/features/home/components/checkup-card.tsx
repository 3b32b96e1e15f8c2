/**
 * The security checkup at the top of Home: what would make the account safer, each a row leading to the screen that
 * does it. When nothing is left it stays as one calm line rather than vanishing, so the person learns that the
 * account was checked and passed, and Home keeps the same shape from one visit to the next.
 */
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';
import type { CheckupItem } from '../models/checkup';

export function CheckupCard({ items }: { items: readonly CheckupItem[] }) {
  const i18n = useI18n();
  if (items.length === 0) {
    return (
      <section className="panel checkup-done" aria-labelledby="checkup-title">
        <span className="checkup-done-icon">
          <Icon name="shield" />
        </span>
        <div>
          <h2 id="checkup-title">{i18n.t('home_checkup_done')}</h2>
          <p className="muted">{i18n.t('home_checkup_done_hint')}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="checkup" aria-labelledby="checkup-title">
      <h2 id="checkup-title" className="home-group-title">
        {i18n.t('home_checkup_title')}
      </h2>
      <ul className="sections">
        {items.map((item) => (
          <li key={item.id}>
            <Link href={item.href} className="section-card section-row">
              <span className="section-icon checkup-icon">
                <Icon name={item.icon} />
              </span>
              <span className="section-text">
                <span className="section-title">{i18n.t(item.key)}</span>
                <span className="section-hint">{i18n.t(item.hint)}</span>
              </span>
              <Icon name="chevron-right" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
