/**
 * /developers/:clientId: one app — its credentials, the widget's snippet, its logo, its settings,
 * and deleting it. An app that is not the person's is "not found", whoever's it may be.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { StepForm } from '../../../components/step-form';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { AppFormFields } from '../components/app-form-fields';
import { AppLogo } from '../../../components/app-logo';
import { CredentialsPanel } from '../components/credentials-panel';
import { focusFirstError } from '../components/focus-first-error';
import { LogoPanel } from '../components/logo-panel';
import { ServerSignIn } from '../components/server-sign-in';
import { WidgetSnippet } from '../components/widget-snippet';
import { createAppModel, type AppModel } from '../models/app-model';
import { ssoOrigin, widgetPage } from '../models/widget-page';

function SettingsPanel({ model }: { model: AppModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const app = model.app.value;
  if (!app) return null;
  return (
    <section className="panel" aria-labelledby="dev-settings-title">
      <h2 id="dev-settings-title">{i18n.t('developers_settings_title')}</h2>
      <StepForm
        onSubmit={async () => {
          if (await model.save()) toasts.show('success', i18n.t('developers_saved'), { replace: true });
          else focusFirstError();
        }}
      >
        <AppFormFields form={model.form} fields={model.fields} kindFixed />
        <p className="muted">
          {i18n.t('developers_kind_label')}:{' '}
          {i18n.t(app.kind === 'public' ? 'developers_kind_public' : 'developers_kind_confidential')}.{' '}
          {i18n.t('developers_kind_fixed')}
        </p>
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('save')}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}

function DeletePanel({ model }: { model: AppModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts, navigate } = useServices();
  const app = model.app.value;
  if (!app) return null;
  return (
    <section className="panel danger-zone stack-tight" aria-labelledby="dev-delete-title">
      <h2 id="dev-delete-title">{i18n.t('developers_delete_title')}</h2>
      <p>{i18n.t('developers_delete_text')}</p>
      <ConfirmButton
        label={i18n.t('developers_delete')}
        question={i18n.t('developers_delete_confirm', { name: app.name })}
        confirmLabel={i18n.t('developers_delete')}
        cancelLabel={i18n.t('cancel')}
        busy={model.actions.busy.value}
        onConfirm={async () => {
          if (!(await model.remove())) return;
          toasts.show('success', i18n.t('developers_deleted'), { replace: true });
          navigate('/developers', { replace: true });
        }}
      />
    </section>
  );
}

export default function AppScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [, params] = useRoute<{ clientId: string }>('/developers/:clientId');
  const clientId = params?.clientId ?? '';
  const [model] = useState(() => createAppModel({ http, ssoApi: config.ssoApi, clientId, showError }));
  useEffect(() => void model.load(), [model]);
  const app = model.app.value;
  const state = model.state.value;
  const origin = ssoOrigin(config.ssoApi, window.location.href);
  return (
    <div className="stack dev dev-page">
      <p>
        <Link href="/developers">← {i18n.t('developers_title')}</Link>
      </p>
      {state === 'missing' ? (
        // The empty state's look with the page's own h1 (as the site's page not found).
        <div className="panel empty-state not-found">
          <span className="empty-state-drawing">
            <Icon name="apps" />
          </span>
          <h1 className="empty-state-title">{i18n.t('developers_not_found_title')}</h1>
          <p className="empty-state-text">{i18n.t('developers_not_found')}</p>
        </div>
      ) : null}
      {state === 'loading' || state === 'failed' ? <LoadState state={state} onRetry={() => void model.load()} /> : null}
      {state === 'ready' && app ? (
        <>
          <header className="dev-app-header">
            <AppLogo name={app.name} logoUrl={app.logo_url} />
            <div>
              <h1>{app.name}</h1>
              <span className="badge badge-muted">
                {i18n.t(app.kind === 'public' ? 'developers_kind_public' : 'developers_kind_confidential')}
              </span>
            </div>
          </header>
          <CredentialsPanel model={model} />
          {app.kind === 'public' ? (
            <WidgetSnippet
              page={widgetPage(origin, app.client_id)}
              origin={origin}
              hasOrigins={app.web_origins.length > 0}
            />
          ) : (
            <ServerSignIn origin={origin} />
          )}
          <LogoPanel model={model} />
          <SettingsPanel model={model} />
          <DeletePanel model={model} />
        </>
      ) : null}
    </div>
  );
}
