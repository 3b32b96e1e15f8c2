/**
 * /personal: the profile as rows (docs/design.md, Rows), grouped as people think of it — basic info
 * (photo, name, username, birth date, gender, the identity check) and contact info (phone, e-mail,
 * backup contacts: the security centre's change screens; the addresses). Each row opens a page that
 * edits that one thing.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Avatar } from '../../../components/avatar';
import { Row, RowList } from '../../../components/row';
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
  const notSet = i18n.t('personal_not_set');
  // One order on every screen: given name, then family name; the patronymic after them, as on the name page.
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const photoUrl = profile.photo ? imageUrl(profile.photo, config.imageCdn, '200x') : '';
  const phone = (value: string | null | undefined) =>
    value ? <span className="nowrap">{formatPhone(value)}</span> : notSet;
  return (
    <div className="stack">
      <p>
        <Link href="/">← {i18n.t('go_home')}</Link>
      </p>
      <header className="home-header">
        <Avatar firstName={profile.first_name} lastName={profile.last_name} photoUrl={photoUrl} large />
        <div>
          <h1>{fullName}</h1>
          {profile.username ? <p className="subtitle">@{profile.username}</p> : null}
        </div>
      </header>
      <RowList id="personal-basic" title={i18n.t('personal_basic_info')}>
        <Row
          icon="camera"
          href="/personal/edit/photo"
          label={i18n.t('photo_label')}
          value={
            photoUrl ? (
              <Avatar firstName={profile.first_name} lastName={profile.last_name} photoUrl={photoUrl} small />
            ) : (
              i18n.t('personal_photo_add')
            )
          }
        />
        <Row
          icon="id-card"
          href="/personal/edit/name"
          label={i18n.t('personal_name_label')}
          value={[fullName, profile.middle_name].filter(Boolean).join(' ')}
        />
        <Row
          icon="at-sign"
          href="/personal/edit/username"
          label={i18n.t('username_label')}
          value={profile.username ? `@${profile.username}` : notSet}
        />
        <Row
          icon="calendar"
          href="/personal/edit/birth-date"
          label={i18n.t('birth_date_label')}
          value={profile.birth_date ? dottedDate(profile.birth_date) : notSet}
        />
        <Row
          icon="user"
          href="/personal/edit/gender"
          label={i18n.t('gender_label')}
          value={profile.gender ? i18n.t(`gender_${profile.gender}`) : notSet}
        />
        <Row
          icon="check-circle"
          href="/validation"
          label={i18n.t('verification_title')}
          detail={i18n.t(`verification_${status}_text`)}
          badge={<span className={`badge badge-${status}`}>{i18n.t(`verification_${status}`)}</span>}
        />
      </RowList>
      <RowList id="personal-contact" title={i18n.t('personal_contact_info')}>
        <Row
          icon="phone"
          href="/security/user-data/edit-phone"
          label={i18n.t('phone_label')}
          value={phone(user.phone)}
        />
        <Row
          icon="mail"
          href="/security/user-data/email"
          label={i18n.t('email_label')}
          value={user.email ?? notSet}
          badge={
            user.email && !user.email_verified ? (
              <span className="badge badge-warning">{i18n.t('personal_email_unverified')}</span>
            ) : null
          }
        />
        <Row
          icon="phone"
          href="/security/user-data/secondary-phone"
          label={i18n.t('security_secondary_phone')}
          value={phone(user.secondary_phone)}
        />
        <Row
          icon="mail"
          href="/security/user-data/secondary-email"
          label={i18n.t('security_secondary_email')}
          value={user.secondary_email ?? notSet}
        />
        <Row icon="map-pin" href="/personal/address" label={i18n.t('address_title')} detail={i18n.t('address_hint')} />
      </RowList>
    </div>
  );
}
