import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/icon';
import { imageUrl } from '../../lib/format/image-url';
import { formatPhone } from '../../lib/format/phone';
import { useServices } from '../../lib/services';
import { useI18n } from '../../lib/use-i18n';
import { SECTIONS } from './sections';

export default function HomeScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const user = session.user.value;
  if (!user) return null;
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  return (
    <div className="stack">
      <header className="home-header">
        <Avatar
          firstName={user.profile.first_name}
          lastName={user.profile.last_name}
          photoUrl={user.profile.photo ? imageUrl(user.profile.photo, config.imageCdn, '200x') : ''}
          large
        />
        <div>
          <h1>{i18n.t('home_greeting', { name: user.profile.first_name })}</h1>
          <p className="subtitle">
            {name} · <span className="nowrap">{user.phone ? formatPhone(user.phone) : user.email}</span>
          </p>
        </div>
      </header>
      <nav aria-label={i18n.t('home_title')}>
        <ul className="sections">
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <Link href={section.href} className="section-card section-row">
                <span className="section-icon">
                  <Icon name={section.icon} />
                </span>
                <span className="section-text">
                  <span className="section-title">{i18n.t(section.key)}</span>
                  <span className="section-hint">{i18n.t(section.hint)}</span>
                </span>
                <Icon name="chevron-right" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
