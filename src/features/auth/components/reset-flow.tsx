/** Restoring a password, as a mountable component; `onReset` gets the confirmation to show. */
import { StepForm } from '../../../components/step-form';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { passwordChangedText } from '../../../lib/password-changed';
import { useI18n } from '../../../lib/use-i18n';
import type { Contact } from '../api/types';
import { createResetModel } from '../models/reset-model';
import { useFlowDeps } from '../use-flow-deps';
import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { ContactStep } from '../../../components/verification/contact-step';
import { FlowLink, type FlowName } from './flow-link';

export function ResetFlow({
  onReset,
  goTo,
}: {
  onReset: (confirmation: string, contact: Contact | null) => void;
  goTo?: (flow: FlowName) => void;
}) {
  useSignals();
  const i18n = useI18n();
  const deps = useFlowDeps();
  const [model] = useState(() =>
    createResetModel({
      ...deps,
      onReset: (restored, contact) =>
        onReset(passwordChangedText(i18n, 'password_changed', { apps: restored.ended_apps }), contact),
    }),
  );
  const { form, step } = model;

  if (step.value === 'code') {
    return (
      <CodeStep
        codes={model.codes}
        form={form}
        heading="h1"
        submitLabel={i18n.t('continue')}
        onSubmit={() => void model.checkCode()}
        onBack={() => model.back()}
        backLabel={i18n.t('change_contact')}
      />
    );
  }
  if (step.value === 'password') {
    return (
      <StepForm onSubmit={() => void model.save()}>
        <h1>{i18n.t('reset_title')}</h1>
        <NewPasswordFields password={model.password} again={model.passwordAgain} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={model.endApps.value}
            onChange={(event) => model.endApps.set(event.target.checked)}
          />
          <span>{i18n.t('security_end_app_sessions')}</span>
        </label>
        <Button type="submit" busy={form.busy.value}>
          {i18n.t('save')}
        </Button>
      </StepForm>
    );
  }
  return (
    <ContactStep
      title={i18n.t('reset_title')}
      contact={model.contact}
      form={form}
      onSend={(how) => void model.sendCode(how)}
    >
      <p className="auth-links">
        <FlowLink to="sign-in" goTo={goTo}>
          {i18n.t('back')}
        </FlowLink>
      </p>
    </ContactStep>
  );
}
