/** An app's logo: upload (the profile photo's pipeline and limits), change or remove. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { AppModel } from '../models/app-model';
import { AppLogo } from '../../../components/app-logo';

export function LogoPanel({ model }: { model: AppModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const inputId = useId();
  const app = model.app.value;
  if (!app) return null;
  const error = model.actions.errors.value.logo;
  return (
    <section className="panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{i18n.t('developers_logo_title')}</h2>
      <div className="row photo-row">
        <AppLogo name={app.name} logoUrl={app.logo_url} />
        <div className="stack-tight dev-logo-actions">
          <label htmlFor={inputId} className="button button-secondary file-button">
            {i18n.t(app.logo_url ? 'developers_logo_change' : 'developers_logo_upload')}
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-describedby={`${inputId}-hint ${inputId}-error`}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file && (await model.uploadLogo(file))) toasts.show('success', i18n.t('developers_logo_saved'), { replace: true });
            }}
          />
          <p id={`${inputId}-hint`} className="field-hint">
            {i18n.t('developers_logo_hint')}
          </p>
          <p id={`${inputId}-error`} className="field-error" role="alert" hidden={!error}>
            {error ? i18n.t(error) : null}
          </p>
          {app.logo_url ? (
            <ConfirmButton
              label={i18n.t('developers_logo_remove')}
              question={i18n.t('developers_logo_remove_confirm')}
              confirmLabel={i18n.t('developers_logo_remove')}
              cancelLabel={i18n.t('cancel')}
              onConfirm={async () => {
                if (await model.removeLogo()) toasts.show('success', i18n.t('developers_logo_removed'), { replace: true });
              }}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
