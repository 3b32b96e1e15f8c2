/**
 * Sign-in's second step (issue 41), in its own chunk: loaded only when a first step answers
 * `second_step`. The authenticator app's code by default; a recovery code instead; a passkey when
 * the server offers one; and the way back to the form.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { CodeInput } from '../../../components/code-input';
import { fieldProps } from '../../../components/field-props';
import { Icon } from '../../../components/icon';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/use-i18n';
import { browserCeremonies } from '../models/passkey-sign-in';
import { createSecondStepModel } from '../models/second-step-model';
import type { SignInModel } from '../models/sign-in-model';

export function SecondStep({ model }: { model: SignInModel }) {
  useSignals();
  const i18n = useI18n();
  const [step] = useState(() => createSecondStepModel(model, browserCeremonies));
  const { form } = model;
  const recovery = step.method.value === 'recovery';
  return (
    // One thing asked: no providers' row under it (screens.css, .sign-in-alone).
    <div className="sign-in-alone">
      <StepForm onSubmit={() => void step.submit()}>
        <h1>{i18n.t('second_step_title')}</h1>
        <p className="subtitle">{i18n.t(recovery ? 'second_step_recovery_hint' : 'second_step_totp_hint')}</p>
        {recovery ? (
          <TextField
            key="recovery"
            label={i18n.t('second_step_recovery_label')}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            {...fieldProps(step.code, i18n)}
          />
        ) : (
          <CodeInput
            key="totp"
            label={i18n.t('second_step_totp_label')}
            autoFocus
            {...fieldProps(step.code, i18n)}
            onComplete={() => {
              if (!form.busy.peek()) void step.submit();
            }}
          />
        )}
        <Button type="submit" busy={form.busy.value}>
          {i18n.t('sign_in')}
        </Button>
        <p className="auth-links">
          {step.recoveryOffered ? (
            <button type="button" className="link-button" onClick={() => step.switchTo(recovery ? 'totp' : 'recovery')}>
              {i18n.t(recovery ? 'second_step_use_app' : 'second_step_use_recovery')}
            </button>
          ) : null}
          {step.passkeyOffered ? (
            <button type="button" className="link-button" onClick={() => void step.withPasskey()}>
              <Icon name="key" />
              {i18n.t('second_step_use_passkey')}
            </button>
          ) : null}
        </p>
        <button type="button" className="link-button" onClick={() => step.back()}>
          {i18n.t('back')}
        </button>
      </StepForm>
    </div>
  );
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default SecondStep;
