/**
 * /personal: the profile as rows, grouped as people think of it — basic info (photo, name, username,
 * birth date, gender, the identity check) and contact info (phone, e-mail, backup contacts: the
 * security centre's change screens; the addresses). Each row shows its value in one column and its badge
 * in another, and opens a page that edits that one thing.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../../../components/avatar';
import { dottedDate } from '../../../lib/format/birth-date';
import { imageUrl } from '../../../lib/format/image-url';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

function PersonalRow(props: { href?: string; label: string; value?: ReactNode; badge?: ReactNode }) {
  const body = (
    <>
      <span className="personal-row-label">{props.label}</span>
      <span className="personal-row-value">{props.value}</span>
      <span className="personal-row-badge">{props.badge}</span>
      {props.href ? <span className="personal-row-chevron" aria-hidden="true" /> : null}
    </>
  );
  return (
    <li>
      {props.href ? (
        <Link href={props.href} className="personal-row">
          {body}
        </Link>
      ) : (
        <div className="personal-row">{body}</div>
      )}
    </li>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel personal-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="personal-rows">{children}</ul>
    </section>
  );
}

export default function PersonalScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const user = session.user.value;
  if (!user) return null;
  const { profile } = user;
  const status = user.verification_status ?? 'not_verified';
  const notSet = <span className="muted">{i18n.t('personal_not_set')}</span>;
  // One order on every screen: given name, then family name; the patronymic last, as on the name page.
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
      <Group id="personal-basic" title={i18n.t('personal_basic_info')}>
        <PersonalRow
          href="/personal/edit/photo"
          label={i18n.t('photo_label')}
          value={
            photoUrl ? (
              <Avatar firstName={profile.first_name} lastName={profile.last_name} photoUrl={photoUrl} small />
            ) : (
              <span className="muted">{i18n.t('personal_photo_add')}</span>
            )
          }
        />
        <PersonalRow
          href="/personal/edit/name"
          label={i18n.t('personal_name_label')}
          value={[fullName, profile.middle_name].filter(Boolean).join(' ')}
        />
        <PersonalRow
          href="/personal/edit/username"
          label={i18n.t('username_label')}
          value={profile.username ? `@${profile.username}` : notSet}
        />
        <PersonalRow
          href="/personal/edit/birth-date"
          label={i18n.t('birth_date_label')}
          value={profile.birth_date ? dottedDate(profile.birth_date) : notSet}
        />
        <PersonalRow
          href="/personal/edit/gender"
          label={i18n.t('gender_label')}
          value={profile.gender ? i18n.t(`gender_${profile.gender}`) : notSet}
        />
        <PersonalRow
          label={i18n.t('verification_title')}
          value={i18n.t(`verification_${status}_text`)}
          badge={<span className={`badge badge-${status}`}>{i18n.t(`verification_${status}`)}</span>}
        />
      </Group>
      <Group id="personal-contact" title={i18n.t('personal_contact_info')}>
        <PersonalRow href="/security/user-data/edit-phone" label={i18n.t('phone_label')} value={phone(user.phone)} />
        <PersonalRow
          href="/security/user-data/email"
          label={i18n.t('email_label')}
          value={user.email ?? notSet}
          badge={
            user.email && !user.email_verified ? (
              <span className="badge badge-warning">{i18n.t('personal_email_unverified')}</span>
            ) : null
          }
        />
        <PersonalRow
          href="/security/user-data/secondary-phone"
          label={i18n.t('security_secondary_phone')}
          value={phone(user.secondary_phone)}
        />
        <PersonalRow
          href="/security/user-data/secondary-email"
          label={i18n.t('security_secondary_email')}
          value={user.secondary_email ?? notSet}
        />
        <PersonalRow href="/personal/address" label={i18n.t('address_title')} value={i18n.t('address_hint')} />
      </Group>
    </div>
  );
}
