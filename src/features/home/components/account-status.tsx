/**
 * Home's status: where and when the account last signed in, how many sign-ins are active and how many apps have
 * access, each a row leading to the page that shows them in full.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { When } from '../../../components/when';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import type { HomeStatusModel } from '../models/home-status-model';

function StatusRow({ href, icon, label, children }: { href: string; icon: IconName; label: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className="section-card section-row">
        <span className="section-icon">
          <Icon name={icon} />
        </span>
        <span className="section-text">
          <span className="section-title">{label}</span>
        </span>
        <span className="status-value">{children}</span>
        <Icon name="chevron-right" />
      </Link>
    </li>
  );
}

export function AccountStatus({ model }: { model: HomeStatusModel }) {
  useSignals();
  const i18n = useI18n();
  const now = useNow(false);
  const last = model.lastSignIn.value;
  return (
    <section className="account-status" aria-labelledby="status-title">
      <h2 id="status-title" className="home-group-title">
        {i18n.t('home_status_title')}
      </h2>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' ? (
        <ul className="sections">
          {last ? (
            <StatusRow href="/security/active-sessions/" icon="clock" label={i18n.t('home_last_sign_in')}>
              <span className="status-main">
                {[last.browser, last.os].filter(Boolean).join(' · ') || i18n.t('sessions_unknown_device')}
              </span>
              <span className="status-meta">
                <When at={last.created_at} now={now} />
                {last.current ? ` · ${i18n.t('sessions_this_device')}` : null}
              </span>
            </StatusRow>
          ) : null}
          <StatusRow href="/security/active-sessions/" icon="devices" label={i18n.t('sessions_title')}>
            <span className="status-main">{model.sessionCount.value}</span>
          </StatusRow>
          <StatusRow href="/security/login-methods/" icon="apps" label={i18n.t('home_apps_with_access')}>
            <span className="status-main">{model.appCount.value}</span>
          </StatusRow>
        </ul>
      ) : null}
    </section>
  );
}
