/** /developers: the person's apps, registering a new one, and why they may not when they may not. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { DeveloperApp, DeveloperAppList } from '../../../../server/src/contract/developers.js';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { AppLogo } from '../../../components/app-logo';
import { CopyButton } from '../../../components/copy-button';
import { GuideHint } from '../components/guide-hint';
import { createAppsListModel } from '../models/apps-list-model';

function AppCard({ app }: { app: DeveloperApp }) {
  const i18n = useI18n();
  return (
    <li className="panel dev-app">
      <AppLogo name={app.name} logoUrl={app.logo_url} />
      <div className="dev-app-text">
        <Link href={`/developers/${encodeURIComponent(app.client_id)}`} className="dev-app-name">
          {app.name}
        </Link>
        <span className="badge badge-muted">
          {i18n.t(app.kind === 'public' ? 'developers_kind_public' : 'developers_kind_confidential')}
        </span>
        <div className="dev-app-id">
          <span className="muted">{i18n.t('developers_client_id')}</span> <code>{app.client_id}</code>
        </div>
      </div>
      <CopyButton text={app.client_id} what={`${i18n.t('developers_client_id')} ${app.name}`} className="copy-button" />
    </li>
  );
}

/** Register, or the reason one may not and what to do about it. */
function RegisterAction({ list }: { list: DeveloperAppList }) {
  const i18n = useI18n();
  if (list.can_register)
    return (
      <Link href="/developers/new" className="button button-primary dev-register">
        {i18n.t('developers_register')}
      </Link>
    );
  if (list.reason === 'phone_required')
    return (
      <div className="panel notice" role="note">
        <p>{i18n.t('developers_phone_required')}</p>
        <Link href="/security" className="button button-secondary">
          {i18n.t('developers_add_phone')}
        </Link>
      </div>
    );
  return (
    <p className="panel notice" role="note">
      {i18n.t('developers_limit_reached', { limit: String(list.limit) })}
    </p>
  );
}

export default function DevelopersScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createAppsListModel({ http, ssoApi: config.ssoApi, showError }));
  useEffect(() => void model.load(), [model]);
  const list = model.list.value;
  return (
    <div className="stack dev">
      <p>
        <Link href="/">← {i18n.t('home_title')}</Link>
      </p>
      <h1>{i18n.t('developers_title')}</h1>
      <p className="subtitle">{i18n.t('developers_intro')}</p>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' && list ? (
        <>
          {list.apps.length === 0 ? (
            <section className="panel" aria-labelledby="dev-apps-title">
              <h2 id="dev-apps-title">{i18n.t('developers_apps_title')}</h2>
              <EmptyState
                icon="apps"
                title={i18n.t('developers_empty_title')}
                text={i18n.t('developers_what_is_app')}
                action={<RegisterAction list={list} />}
              />
            </section>
          ) : (
            <section className="stack" aria-labelledby="dev-apps-title">
              <div className="dev-apps-head">
                <h2 id="dev-apps-title">{i18n.t('developers_apps_title')}</h2>
                <span className="muted">
                  {i18n.t('developers_count', { n: String(list.apps.length), limit: String(list.limit) })}
                </span>
              </div>
              <ul className="dev-app-list">
                {list.apps.map((app) => (
                  <AppCard key={app.client_id} app={app} />
                ))}
              </ul>
              <RegisterAction list={list} />
            </section>
          )}
        </>
      ) : null}
      <GuideHint text={i18n.t('developers_docs_hint')} />
    </div>
  );
}
