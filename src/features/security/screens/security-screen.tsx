/**
 * /security: the overview — sign-in contacts, password, the ways in and the apps with access, the
 * sessions, the recent security activity, and the account's data to download.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { Loading } from '../../../components/loading';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi, type SecurityEvent } from '../api/security-api';
import { DeactivateAccount } from '../components/deactivate-account';
import { EventLine } from '../components/event-line';
import { SecurityLog } from '../components/security-log';
import { downloadJson } from '../../../lib/download-json';

const RECENT_EVENTS = 5;

export default function SecurityScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError } = useServices();
  const [api] = useState(() => securityApi(http, config.ssoApi));
  const [events, setEvents] = useState<SecurityEvent[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [wholeLog, setWholeLog] = useState(false);
  useEffect(() => {
    api.events(RECENT_EVENTS).then(
      (page) => setEvents(page.results),
      (error: unknown) => {
        showError(error);
        setEvents([]);
      },
    );
  }, [api, showError]);
  const now = useNow(false);
  const user = session.user.value;
  if (!user) return null;
  return (
    <div className="stack">
      <p>
        <Link href="/">← {i18n.t('go_home')}</Link>
      </p>
      <h1>{i18n.t('section_security')}</h1>

      <section className="panel" aria-labelledby="contacts-title">
        <h2 id="contacts-title">{i18n.t('security_contacts')}</h2>
        <dl className="facts">
          <dt>{i18n.t('phone_label')}</dt>
          <dd>
            {user.phone ? <span className="nowrap">{formatPhone(user.phone)}</span> : i18n.t('personal_not_set')}{' '}
            <Link href="/security/user-data/edit-phone">{i18n.t('security_change')}</Link>
          </dd>
          <dt>{i18n.t('email_label')}</dt>
          <dd>
            {user.email ?? i18n.t('personal_not_set')}
            {user.email && !user.email_verified ? (
              <span className="badge badge-warning">{i18n.t('personal_email_unverified')}</span>
            ) : null}{' '}
            {/* The e-mail page offers an unverified address to be verified first, or changed instead. */}
            <Link href="/security/user-data/email">
              {i18n.t(!user.email ? 'security_add' : user.email_verified ? 'security_change' : 'email_verify_action')}
            </Link>
          </dd>
          <dt>{i18n.t('security_secondary_phone')}</dt>
          <dd>
            {user.secondary_phone ? (
              <span className="nowrap">{formatPhone(user.secondary_phone)}</span>
            ) : (
              i18n.t('personal_not_set')
            )}{' '}
            <Link href="/security/user-data/secondary-phone">
              {i18n.t(user.secondary_phone ? 'security_manage' : 'security_add')}
            </Link>
          </dd>
          <dt>{i18n.t('security_secondary_email')}</dt>
          <dd>
            {user.secondary_email ?? i18n.t('personal_not_set')}{' '}
            <Link href="/security/user-data/secondary-email">
              {i18n.t(user.secondary_email ? 'security_manage' : 'security_add')}
            </Link>
          </dd>
        </dl>
        <p className="field-hint">{i18n.t('security_secondary_hint')}</p>
      </section>

      <section className="panel" aria-labelledby="password-title">
        <h2 id="password-title">{i18n.t('password_label')}</h2>
        <p>{i18n.t(user.has_password ? 'security_password_set' : 'security_password_not_set')}</p>
        <div className="row">
          <Link href="/security/user-data/password/" className="button button-secondary">
            {i18n.t('security_change_password')}
          </Link>
          <Link href="/security/user-data/reset-password/" className="button button-secondary">
            {i18n.t('forgot_password')}
          </Link>
        </div>
      </section>

      <nav aria-label={i18n.t('section_security')}>
        <ul className="sections">
          <li>
            <Link href="/security/login-methods/" className="section-card">
              <span className="section-title">{i18n.t('login_methods_title')}</span>
              <span className="section-hint">{i18n.t('login_methods_hint')}</span>
            </Link>
          </li>
          <li>
            <Link href="/security/active-sessions/" className="section-card">
              <span className="section-title">{i18n.t('sessions_title')}</span>
              <span className="section-hint">{i18n.t('section_sessions_hint')}</span>
            </Link>
          </li>
        </ul>
      </nav>

      {wholeLog ? <SecurityLog now={now} /> : null}
      <section className="panel" aria-labelledby="activity-title" hidden={wholeLog}>
        <h2 id="activity-title">{i18n.t('security_activity')}</h2>
        {events === null ? <Loading /> : null}
        {events?.length === 0 ? <p className="empty">{i18n.t('security_activity_empty')}</p> : null}
        {events && events.length > 0 ? (
          <div className="stack-tight">
            <ul className="event-list">
              {events.map((event) => (
                <EventLine key={event.id} event={event} now={now} />
              ))}
            </ul>
            <div>
              <Button variant="text" onClick={() => setWholeLog(true)}>
                {i18n.t('security_activity_all')}
              </Button>
            </div>
          </div>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="data-title">
        <h2 id="data-title">{i18n.t('security_data_title')}</h2>
        <p>{i18n.t('security_data_text')}</p>
        <div>
          <Button
            variant="secondary"
            busy={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                downloadJson(await api.exportData(), `kirish-data-${new Date().toISOString().slice(0, 10)}.json`);
              } catch (error) {
                showError(error);
              } finally {
                setExporting(false);
              }
            }}
          >
            {i18n.t('security_data_download')}
          </Button>
        </div>
      </section>

      <DeactivateAccount />
    </div>
  );
}
