/** An app's credentials: its client id and, for a confidential app, creating or replacing its secret. */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { useI18n } from '../../../lib/use-i18n';
import type { AppModel } from '../models/app-model';
import { Copyable } from './copyable';
import { SecretOnce } from './secret-once';

function SecretPart({ model }: { model: AppModel }) {
  useSignals();
  const i18n = useI18n();
  const app = model.app.value;
  const secret = model.secret.value;
  const busy = model.actions.busy.value;
  if (!app || app.kind !== 'confidential') return null;
  if (secret)
    return (
      <div className="stack-tight">
        <SecretOnce secret={secret} />
        <div>
          <Button variant="secondary" onClick={() => model.hideSecret()}>
            {i18n.t('developers_secret_hide')}
          </Button>
        </div>
      </div>
    );
  if (!app.has_secret)
    return (
      <div className="stack-tight">
        <p className="muted">{i18n.t('developers_secret_none')}</p>
        <div>
          <Button variant="secondary" busy={busy} onClick={() => void model.rotateSecret()}>
            {i18n.t('developers_secret_create')}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="stack-tight">
      <p className="muted">{i18n.t('developers_secret_kept')}</p>
      <ConfirmButton
        label={i18n.t('developers_secret_rotate')}
        question={i18n.t('developers_secret_rotate_confirm')}
        confirmLabel={i18n.t('developers_secret_rotate')}
        cancelLabel={i18n.t('cancel')}
        busy={busy}
        onConfirm={() => void model.rotateSecret()}
      />
    </div>
  );
}

export function CredentialsPanel({ model }: { model: AppModel }) {
  useSignals();
  const i18n = useI18n();
  const app = model.app.value;
  if (!app) return null;
  return (
    <section className="panel stack" aria-labelledby="dev-credentials-title">
      <h2 id="dev-credentials-title">{i18n.t('developers_credentials_title')}</h2>
      <Copyable label={i18n.t('developers_client_id')} value={app.client_id} />
      <SecretPart model={model} />
    </section>
  );
}
