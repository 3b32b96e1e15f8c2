/** The steps of a code-proven change: the current password, the new contact, the code. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../button';
import { PasswordField } from '../password-field';
import { StepForm } from '../step-form';
import { useI18n } from '../../lib/use-i18n';
import { ContactStep } from './contact-step';
import { LazyCodeStep as CodeStep } from './lazy-code-step';
import type { VerifiedChangeModel } from './verified-change-model';

export function VerifiedChangeFlow({ model, title, intro, submitLabel, onCancel }: { model: VerifiedChangeModel; title: string; intro?: ReactNode; submitLabel: string; onCancel: () => void }) {
  useSignals();
  const i18n = useI18n();
  useEffect(() => {
    void model.start();
  }, [model]);
  const { form } = model;
  const step = model.step.value;
  if (step === 'proof' && model.proofBy.value === 'code') {
    return (
      <div className="stack">
        <h2>{title}</h2>
        <CodeStep codes={model.proofCodes} form={form} submitLabel={i18n.t('continue')} onSubmit={() => void model.proveByCode()} onBack={() => model.provePasswordInstead()} />
      </div>
    );
  }
  if (step === 'proof') {
    return (
      <StepForm onSubmit={() => void model.prove()}>
        <h2>{title}</h2>
        <p>{i18n.t('proof_intro')}</p>
        <PasswordField
          label={i18n.t('old_password_label')}
          autoComplete="current-password"
          value={model.password.value}
          onValue={(value) => {
            model.password.value = value;
            form.clearError('password');
          }}
          error={form.errors.value.password ? i18n.t(form.errors.value.password) : undefined}
          showLabel={i18n.t('show_password')}
          hideLabel={i18n.t('hide_password')}
        />
        {model.canProveByCode ? (
          <button type="button" className="link-button" onClick={() => void model.proveByCodeInstead()}>
            {i18n.t('proof_use_code')}
          </button>
        ) : null}
        <div className="row">
          <Button type="submit" busy={form.busy.value}>
            {i18n.t('continue')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    );
  }
  if (step === 'contact') {
    return (
      <ContactStep title={title} contact={model.contact} form={form} fixed onSend={(how) => void model.sendCode(how)}>
        {intro}
        <Button variant="secondary" onClick={onCancel}>
          {i18n.t('cancel')}
        </Button>
      </ContactStep>
    );
  }
  if (step === 'code') {
    return (
      <div className="stack">
        <h2>{title}</h2>
        <CodeStep codes={model.codes} form={form} submitLabel={submitLabel} onSubmit={() => void model.confirm()} onBack={() => {
            if (!model.back()) onCancel();
          }}
        />
      </div>
    );
  }
  return null;
}
