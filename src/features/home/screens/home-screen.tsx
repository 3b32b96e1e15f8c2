/**
 * Home (/): who is signed in, what would make the account safer (the checkup), where and when it signed in and
 * what has access to it, and the account's sections.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Row, RowList } from '../../../components/row';
import { imageUrl } from '../../../lib/format/image-url';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { homeApi } from '../api/home-api';
import { AccountStatus } from '../components/account-status';
import { CheckupCard } from '../components/checkup-card';
import { checkupItems } from '../models/checkup';
import { createHomeStatusModel } from '../models/home-status-model';
import { SECTIONS } from '../models/sections';

export default function HomeScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, config, http } = useServices();
  const [status] = useState(() => createHomeStatusModel({ api: homeApi(http, config.ssoApi) }));
  useEffect(() => void status.load(), [status]);
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
      <CheckupCard items={checkupItems({ profile: user, twoStepEnabled: status.twoStepEnabled.value })} />
      <AccountStatus model={status} />
      <nav aria-label={i18n.t('home_title')}>
        <RowList>
          {SECTIONS.map((section) => (
            <Row
              key={section.href}
              icon={section.icon}
              label={i18n.t(section.key)}
              detail={i18n.t(section.hint)}
              href={section.href}
            />
          ))}
        </RowList>
      </nav>
    </div>
  );
}
