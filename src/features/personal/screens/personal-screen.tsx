/**
 * /personal: the profile at a glance — photo, names, phone, e-mail, birth date, gender and the
 * identity verification status, each explained — and the way to every editing screen.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Avatar } from '../../../components/avatar';
import { dottedDate } from '../../../lib/format/birth-date';
import { imageUrl } from '../../../lib/format/image-url';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

export default function PersonalScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const user = session.user.value;
  if (!user) return null;
  const { profile } = user;
  const status = user.verification_status ?? 'not_verified';
  const notSet = <span className="muted">{i18n.t('personal_not_set')}</span>;
  // One order on every screen: given name, then family name (the patronymic has its own line below).
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return (
    <div className="stack">
      <p>
        <Link href="/">← {i18n.t('go_home')}</Link>
      </p>
      <header className="home-header">
        <Avatar
          firstName={profile.first_name}
          lastName={profile.last_name}
          photoUrl={profile.photo ? imageUrl(profile.photo, config.imageCdn, '200x') : ''}
          large
        />
        <div>
          <h1>{fullName}</h1>
          {profile.username ? <p className="subtitle">@{profile.username}</p> : null}
        </div>
      </header>
      <div className="row">
        <Link href="/personal/edit" className="button button-primary">
          {i18n.t('personal_edit')}
        </Link>
      </div>
      <section className="panel" aria-labelledby="personal-details">
        <h2 id="personal-details">{i18n.t('personal_title')}</h2>
        <dl className="facts">
          {profile.middle_name ? (
            <>
              <dt>{i18n.t('middle_name_label')}</dt>
              <dd>{profile.middle_name}</dd>
            </>
          ) : null}
          <dt>{i18n.t('phone_label')}</dt>
          <dd>{user.phone ? <span className="nowrap">{formatPhone(user.phone)}</span> : notSet}</dd>
          <dt>{i18n.t('email_label')}</dt>
          <dd>
            {user.email ?? notSet}
            {user.email && !user.email_verified ? (
              <>
                <span className="badge badge-warning">{i18n.t('personal_email_unverified')}</span>{' '}
                <Link href="/security/user-data/email">{i18n.t('email_verify_action')}</Link>
              </>
            ) : null}
          </dd>
          <dt>{i18n.t('birth_date_label')}</dt>
          <dd>{profile.birth_date ? dottedDate(profile.birth_date) : notSet}</dd>
          <dt>{i18n.t('gender_label')}</dt>
          <dd>{profile.gender ? i18n.t(`gender_${profile.gender}`) : notSet}</dd>
        </dl>
      </section>
      <section className={`panel verification verification-${status}`} aria-labelledby="verification-title">
        <h2 id="verification-title">{i18n.t('verification_title')}</h2>
        <p>
          <span className={`badge badge-${status}`}>{i18n.t(`verification_${status}`)}</span>
        </p>
        <p>{i18n.t(`verification_${status}_text`)}</p>
      </section>
      <nav aria-label={i18n.t('personal_title')}>
        <ul className="sections">
          <li>
            <Link href="/personal/address" className="section-card">
              <span className="section-title">{i18n.t('address_title')}</span>
              <span className="section-hint">{i18n.t('address_hint')}</span>
            </Link>
          </li>
          <li>
            <Link href="/security" className="section-card">
              <span className="section-title">{i18n.t('section_security')}</span>
              <span className="section-hint">{i18n.t('section_security_hint')}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
