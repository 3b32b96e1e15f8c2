/**
 * /security: the account's security as people look for it (issue 35), groups of rows each opening a
 * focused page: how you sign in, recovery, your devices, apps with access, the recent activity with
 * the way to the whole log (/security?log), the account's data to download, and the danger zone last.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { Row, RowList } from '../../../components/row';
import type { I18n } from '../../../lib/i18n';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { downloadJson } from '../../../lib/download-json';
import { passkeysApi } from '../api/passkeys-api';
import { securityApi } from '../api/security-api';
import { twoStepApi } from '../api/two-step-api';
import { DeactivateAccount } from '../components/deactivate-account';
import { EventLine } from '../components/event-line';
import { SecurityLog } from '../components/security-log';
import { relativeText } from '../../../components/when';
import { createSecurityOverviewModel } from '../models/security-overview-model';
import { securityGroups, type RowValue, type SecurityRow } from '../models/security-overview';

function valueText(value: RowValue, i18n: I18n, now: number) {
  if ('text' in value) return value.nowrap ? <span className="nowrap">{value.text}</span> : value.text;
  if ('key' in value) return i18n.t(value.key, value.params);
  return i18n.t('security_password_changed_at', { when: relativeText(i18n, value.changedAt, now, true) });
}

function SecurityRowView({ row, now }: { row: SecurityRow; now: number }) {
  const i18n = useI18n();
  return (
    <Row
      icon={row.icon}
      label={i18n.t(row.label)}
      value={row.value ? valueText(row.value, i18n, now) : undefined}
      badge={row.badge ? <span className={`badge badge-${row.badge.tone}`}>{i18n.t(row.badge.key)}</span> : undefined}
      href={row.href}
    />
  );
}

function DownloadData() {
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [exporting, setExporting] = useState(false);
  return (
    <section className="panel stack-tight" aria-labelledby="data-title">
      <h2 id="data-title">{i18n.t('security_data_title')}</h2>
      <p>{i18n.t('security_data_text')}</p>
      <div>
        <Button
          variant="secondary"
          busy={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              const data = await securityApi(http, config.ssoApi).exportData();
              downloadJson(data, `kirish-data-${new Date().toISOString().slice(0, 10)}.json`);
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
  );
}

function Overview() {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError } = useServices();
  const [model] = useState(() =>
    createSecurityOverviewModel({
      api: securityApi(http, config.ssoApi),
      passkeys: passkeysApi(http, config.ssoApi),
      twoStep: twoStepApi(http, config.ssoApi),
      showError,
    }),
  );
  useEffect(() => {
    void model.load();
  }, [model]);
  const now = useNow(false);
  const user = session.user.value;
  if (!user) return null;
  const events = model.events.value;
  return (
    <div className="stack">
      <p>
        <Link href="/">← {i18n.t('go_home')}</Link>
      </p>
      <h1>{i18n.t('section_security')}</h1>
      {securityGroups(user, model.counts.value).map((group) => (
        <div key={group.id} className="stack-tight">
          <RowList id={`security-${group.id}`} title={i18n.t(group.title)}>
            {group.rows.map((row) => (
              <SecurityRowView key={row.id} row={row} now={now} />
            ))}
          </RowList>
          {group.hint ? <p className="field-hint">{i18n.t(group.hint)}</p> : null}
        </div>
      ))}
      <RowList id="security-activity" title={i18n.t('security_activity')}>
        {events === null ? (
          <li className="row-wide">
            <Loading />
          </li>
        ) : null}
        {events?.length === 0 ? (
          <li className="row-wide">
            <EmptyState
              icon="history"
              title={i18n.t('security_activity_empty')}
              text={i18n.t('security_log_empty_text')}
            />
          </li>
        ) : null}
        {events?.map((event) => (
          <EventLine key={event.id} event={event} now={now} />
        ))}
        {events && events.length > 0 ? (
          <Row icon="history" label={i18n.t('security_activity_all')} href="/security?log" />
        ) : null}
      </RowList>
      <DownloadData />
      <DeactivateAccount />
    </div>
  );
}

export default function SecurityScreen() {
  const log = new URLSearchParams(useSearch()).has('log');
  return log ? <SecurityLog /> : <Overview />;
}
