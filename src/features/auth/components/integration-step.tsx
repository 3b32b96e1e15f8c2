/**
 * The `integration` login step (docs/product.md §3): "An account with this e-mail already exists — prove
 * it's yours to link Google": the masked contact, its password (when it has one) or a code to that
 * contact, then signed in as after any sign-in. Cancel leaves nothing linked and goes to Login.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { PasswordField } from '../../../components/password-field';
import { ProviderMark, providerName } from '../../../components/provider-mark';
import { StepForm } from '../../../components/step-form';
import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { SendCodeButtons } from '../../../components/verification/send-code-buttons';
import { useI18n } from '../../../lib/use-i18n';
import { createIntegrationModel } from '../models/integration-model';
import type { SocialCallbackModel } from '../models/social-callback-model';
import { useFlowDeps } from '../use-flow-deps';

export function IntegrationStep({ callback }: { callback: SocialCallbackModel }) {
  useSignals();
  const i18n = useI18n();
  const { api, showError, now, announce } = useFlowDeps();
  const integration = callback.integration.value;
  const [model] = useState(() =>
    integration
      ? createIntegrationModel({ api, showError, now, announce, integration, onSignedIn: callback.signedIn })
      : null,
  );
  if (!integration || !model) return null;
  const { form } = model;
  const provider = providerName(integration.provider);
  const cancel = () => {
    if (!model.back()) void callback.cancel();
  };
  const step = model.step.value;
  const intro = (
    <>
      <h1 className="integration-title">
        <ProviderMark provider={integration.provider} />
        {i18n.t('integration_title', { provider })}
      </h1>
      <p className="subtitle">
        {i18n.t(integration.contact_type === 'phone' ? 'integration_text_phone' : 'integration_text_email', {
          contact: integration.contact,
          provider,
        })}
      </p>
    </>
  );
  if (step === 'code') {
    return (
      <div className="stack">
        {intro}
        <CodeStep
          codes={model.codes}
          form={form}
          submitLabel={i18n.t('integration_submit', { provider })}
          hint={i18n.t(integration.contact_type === 'phone' ? 'code_hint_phone' : 'code_hint_email', {
            to: integration.contact,
          })}
          onSubmit={() => void model.submitCode()}
          onBack={cancel}
        />
      </div>
    );
  }
  if (step === 'choose') {
    const isPhone = integration.contact_type === 'phone';
    return (
      <StepForm onSubmit={() => void model.sendCode(isPhone ? 'sms' : 'email')}>
        {intro}
        <p>
          {i18n.t(isPhone ? 'integration_code_to_phone' : 'integration_code_to_email', { to: integration.contact })}
        </p>
        {form.errors.value.code ? (
          <p className="field-error" role="alert">
            {i18n.t(form.errors.value.code)}
          </p>
        ) : null}
        <SendCodeButtons isPhone={isPhone} busy={form.busy.value} onSend={(how) => void model.sendCode(how)} />
        <button type="button" className="link-button" onClick={cancel}>
          {i18n.t(integration.has_password ? 'back' : 'cancel')}
        </button>
      </StepForm>
    );
  }
  return (
    <StepForm onSubmit={() => void model.submitPassword()}>
      {intro}
      <PasswordField
        label={i18n.t('password_label')}
        autoComplete="current-password"
        autoFocus
        {...fieldProps(model.password, i18n)}
        showLabel={i18n.t('show_password')}
        hideLabel={i18n.t('hide_password')}
      />
      <button type="button" className="link-button" onClick={() => model.codeInstead()}>
        {i18n.t('integration_use_code')}
      </button>
      <Button type="submit" busy={form.busy.value}>
        {i18n.t('integration_submit', { provider })}
      </Button>
      <button type="button" className="link-button" onClick={cancel}>
        {i18n.t('cancel')}
      </button>
    </StepForm>
  );
}
