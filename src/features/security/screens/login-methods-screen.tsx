/**
 * /security/login-methods/: the ways this account can sign in, each on or off, the social providers linked
 * to it (linked-providers.tsx), and the apps it has let
 * in through OAuth (#apps, where Security's "Apps with access" row leads), each revocable after a
 * question; revoking ends that app's sessions at once (docs/decisions.md, OAuth).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { AppLogo } from '../../../components/app-logo';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi, type Grant } from '../api/security-api';
import { BackToSecurity } from '../components/back-to-security';
import { ConfirmRow } from '../components/confirm-row';
import { LinkedProviders } from '../components/linked-providers';
import { Passkeys } from '../components/passkeys';
import { relativeText } from '../../../components/when';
import { createLoginMethodsModel, type LoginMethodsModel } from '../models/login-methods-model';

const WAYS = [
  ['password', 'key'],
  ['phone_code', 'phone'],
  ['email_code', 'mail'],
] as const;

function GrantRow({ grant, model, now }: { grant: Grant; model: LoginMethodsModel; now: number }) {
  const i18n = useI18n();
  const { toasts } = useServices();
  const [asking, setAsking] = useState(false);
  const scopeText = (scope: string) => {
    const key = `scope_${scope}`;
    return i18n.has(key) ? i18n.t(key) : i18n.t('scope_other', { scope });
  };
  return (
    <>
      <Row
        media={<AppLogo name={grant.name} logoUrl={grant.logo_url} size="small" />}
        label={grant.name}
        detail={grant.scopes.map(scopeText).join(' · ')}
        value={relativeText(i18n, grant.created_at, now)}
        action={
          <Button
            variant="secondary"
            className="button-small row-action-compact"
            aria-expanded={asking}
            onClick={() => setAsking(!asking)}
          >
            <Icon name="x" />
            <span className="row-action-text">{i18n.t('login_methods_revoke')}</span>
          </Button>
        }
      />
      {asking ? (
        <ConfirmRow
          question={i18n.t('login_methods_revoke_confirm', { app: grant.name })}
          confirmLabel={i18n.t('login_methods_revoke')}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setAsking(false);
            if (await model.revoke(grant.client_id))
              toasts.show('success', i18n.t('login_methods_revoked', { app: grant.name }), { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

export default function LoginMethodsScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createLoginMethodsModel({ api: securityApi(http, config.ssoApi), showError }));
  useEffect(() => {
    void model.load();
  }, [model]);
  const methods = model.methods.value;
  const grants = model.state.value === 'ready' ? model.grants.value : null;
  const now = useNow(false);
  // Arriving from Security's "Apps with access" row (…/#apps): the apps are what was asked for.
  useEffect(() => {
    if (grants && location.hash === '#apps') document.getElementById('apps')?.scrollIntoView();
  }, [grants]);
  return (
    <div className="stack">
      <BackToSecurity />
      <h1>{i18n.t('login_methods_title')}</h1>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {methods ? (
        <RowList id="ways" title={i18n.t('login_methods_ways')}>
          {WAYS.map(([way, icon]) => (
            <Row
              key={way}
              icon={icon}
              label={i18n.t(`login_method_${way}`)}
              badge={
                <span className={`badge ${methods[way] ? 'badge-verified' : 'badge-muted'}`}>
                  {i18n.t(methods[way] ? 'login_method_on' : 'login_method_off')}
                </span>
              }
            />
          ))}
        </RowList>
      ) : null}
      <Passkeys now={now} />
      {grants ? <LinkedProviders model={model} now={now} /> : null}
      {grants ? (
        <div id="apps">
          <RowList id="apps-list" title={i18n.t('login_methods_apps')}>
            {grants.length === 0 ? (
              <li className="row-wide">
                <EmptyState
                  icon="apps"
                  title={i18n.t('login_methods_apps_empty')}
                  text={i18n.t('login_methods_apps_empty_text')}
                />
              </li>
            ) : null}
            {grants.map((grant) => (
              <GrantRow key={grant.client_id} grant={grant} model={model} now={now} />
            ))}
          </RowList>
        </div>
      ) : null}
    </div>
  );
}
