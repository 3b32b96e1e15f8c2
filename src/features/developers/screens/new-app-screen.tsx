/**
 * /developers/new: registering an app. A public app opens its page at once; a confidential one
 * first shows its secret, this once, until the person says they have kept it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CreatedDeveloperApp } from '../../../../server/src/contract/developers.js';
import { Button } from '../../../components/button';
import { StepForm } from '../../../components/step-form';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { AppFormFields } from '../components/app-form-fields';
import { Copyable } from '../components/copyable';
import { focusFirstError } from '../components/focus-first-error';
import { SecretOnce } from '../components/secret-once';
import { createNewAppModel } from '../models/new-app-model';

const appPath = (clientId: string) => `/developers/${encodeURIComponent(clientId)}`;

function Created({ created, secret }: { created: CreatedDeveloperApp; secret: string }) {
  const i18n = useI18n();
  const { navigate } = useServices();
  return (
    <section className="panel stack" aria-labelledby="dev-created-title">
      <h2 id="dev-created-title">{i18n.t('developers_created_title', { name: created.app.name })}</h2>
      <Copyable label={i18n.t('developers_client_id')} value={created.app.client_id} />
      <SecretOnce secret={secret} />
      <div className="row">
        <Button onClick={() => navigate(appPath(created.app.client_id), { replace: true })}>
          {i18n.t('developers_secret_done')}
        </Button>
      </div>
    </section>
  );
}

export default function NewAppScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, navigate, toasts } = useServices();
  const [model] = useState(() => createNewAppModel({ http, ssoApi: config.ssoApi, showError }));
  const created = model.created.value;
  return (
    <div className="stack narrow-form dev">
      <p>
        <Link href="/developers">← {i18n.t('developers_title')}</Link>
      </p>
      <h1>{i18n.t('developers_new_title')}</h1>
      {created?.client_secret ? (
        <Created created={created} secret={created.client_secret} />
      ) : (
        <StepForm
          onSubmit={async () => {
            const answer = await model.register();
            if (!answer) return focusFirstError();
            toasts.show('success', i18n.t('developers_created'), { replace: true });
            if (!answer.client_secret) navigate(appPath(answer.app.client_id), { replace: true });
          }}
        >
          <p className="muted">{i18n.t('developers_what_is_app')}</p>
          <AppFormFields form={model.form} fields={model.fields} kindFixed={false} />
          <div className="row">
            <Button type="submit" busy={model.form.busy.value}>
              {i18n.t('developers_create')}
            </Button>
            <Link href="/developers" className="button button-secondary">
              {i18n.t('cancel')}
            </Link>
          </div>
        </StepForm>
      )}
    </div>
  );
}
