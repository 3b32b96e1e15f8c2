/**
 * /security/login-methods/: the ways this account can sign in, and the apps it has let in through
 * OAuth, each revocable; revoking ends that app's sessions at once (docs/decisions.md, OAuth).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { AppLogo } from '../../../components/app-logo';
import { LoadState } from '../../../components/load-state';
import { ConfirmButton } from '../../../components/confirm-button';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi } from '../api/security-api';
import { createLoginMethodsModel } from '../models/login-methods-model';
import { When } from '../components/when';

export default function LoginMethodsScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() => createLoginMethodsModel({ api: securityApi(http, config.ssoApi), showError }));
  useEffect(() => {
    void model.load();
  }, [model]);
  const methods = model.methods.value;
  const grants = model.state.value === 'ready' ? model.grants.value : null;
  const now = useNow(false);
  const scopeText = (scope: string) => {
    const key = `scope_${scope}`;
    return i18n.has(key) ? i18n.t(key) : i18n.t('scope_other', { scope });
  };
  return (
    <div className="stack">
      <p>
        <Link href="/security">← {i18n.t('section_security')}</Link>
      </p>
      <h1>{i18n.t('login_methods_title')}</h1>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {methods ? (
        <section className="panel" aria-labelledby="ways-title">
          <h2 id="ways-title">{i18n.t('login_methods_ways')}</h2>
          <ul className="method-list">
            {(['password', 'phone_code', 'email_code'] as const).map((way) => (
              <li key={way}>
                <span>{i18n.t(`login_method_${way}`)}</span>
                <span className={`badge ${methods[way] ? 'badge-verified' : 'badge-muted'}`}>
                  {i18n.t(methods[way] ? 'login_method_on' : 'login_method_off')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {grants ? (
        <section className="panel" aria-labelledby="apps-title">
          <h2 id="apps-title">{i18n.t('login_methods_apps')}</h2>
          {grants.length === 0 ? <p className="empty">{i18n.t('login_methods_apps_empty')}</p> : null}
          <ul className="grant-list">
            {grants.map((grant) => (
              <li key={grant.client_id} className="grant">
                <AppLogo name={grant.name} logoUrl={grant.logo_url} size="small" />
                <div className="grant-text">
                  <strong>{grant.name}</strong>
                  <p className="session-meta">
                    {grant.scopes.map(scopeText).join(' · ')} · <When at={grant.created_at} now={now} />
                  </p>
                </div>
                <ConfirmButton
                  label={i18n.t('login_methods_revoke')}
                  question={i18n.t('login_methods_revoke_confirm', { app: grant.name })}
                  confirmLabel={i18n.t('login_methods_revoke')}
                  cancelLabel={i18n.t('cancel')}
                  onConfirm={async () => {
                    if (await model.revoke(grant.client_id))
                      toasts.show('success', i18n.t('login_methods_revoked', { app: grant.name }), { replace: true });
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
