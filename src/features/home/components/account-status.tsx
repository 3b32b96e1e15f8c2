/**
 * Home's status: where and when the account last signed in, how many sign-ins are active and how many apps have
 * access, each a row leading to the page that shows them in full (the sign-in among the active sessions, where it
 * can be ended).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { When } from '../../../components/when';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import type { HomeStatusModel } from '../models/home-status-model';

export function AccountStatus({ model }: { model: HomeStatusModel }) {
  useSignals();
  const i18n = useI18n();
  const now = useNow(false);
  if (model.state.value !== 'ready') return <LoadState state={model.state.value} onRetry={() => void model.load()} />;
  const last = model.lastSignIn.value;
  return (
    <RowList title={i18n.t('home_status_title')} id="status">
      {last ? (
        <Row
          icon="history"
          label={i18n.t('home_last_sign_in')}
          detail={<When at={last.created_at} now={now} />}
          value={[last.browser, last.os].filter(Boolean).join(' · ') || i18n.t('sessions_unknown_device')}
          badge={last.current ? <span className="badge badge-verified">{i18n.t('sessions_this_device')}</span> : null}
          href="/security/active-sessions/"
        />
      ) : null}
      <Row
        icon="devices"
        label={i18n.t('sessions_title')}
        value={model.sessionCount.value}
        href="/security/active-sessions/"
      />
      <Row
        icon="apps"
        label={i18n.t('home_apps_with_access')}
        value={model.appCount.value}
        href="/security/login-methods/"
      />
    </RowList>
  );
}
