/** The step-up of a sensitive change (step-up.ts): the current password, or a code to one's own contact. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Button } from '../button';
import { fieldProps } from '../field-props';
import { PasswordField } from '../password-field';
import { StepForm } from '../step-form';
import type { Form } from '../../lib/form';
import { useI18n } from '../../lib/use-i18n';
import { LazyCodeStep as CodeStep } from './lazy-code-step';
import type { StepUp } from './step-up';

export function StepUpForm(props: {
  stepUp: StepUp;
  form: Form;
  title: ReactNode;
  submitLabel: string;
  onProof: (proof: string) => void;
  onCancel: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { stepUp, form, title } = props;
  const proven = (proof: string | null) => {
    if (proof) props.onProof(proof);
  };
  if (stepUp.by.value === 'code') {
    return (
      <div className="stack">
        {title}
        <CodeStep
          codes={stepUp.codes}
          form={form}
          submitLabel={props.submitLabel}
          onSubmit={() => void stepUp.withCode().then(proven)}
          onBack={() => stepUp.switchToPassword()}
        />
      </div>
    );
  }
  return (
    <StepForm onSubmit={() => void stepUp.withPassword().then(proven)}>
      {title}
      <p>{i18n.t('proof_intro')}</p>
      <PasswordField
        label={i18n.t('old_password_label')}
        autoComplete="current-password"
        {...fieldProps(stepUp.password, i18n)}
        showLabel={i18n.t('show_password')}
        hideLabel={i18n.t('hide_password')}
      />
      {stepUp.canUseCode ? (
        <button type="button" className="link-button" onClick={() => void stepUp.switchToCode()}>
          {i18n.t('proof_use_code')}
        </button>
      ) : null}
      <div className="row">
        <Button type="submit" busy={form.busy.value}>
          {props.submitLabel}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {i18n.t('cancel')}
        </Button>
      </div>
    </StepForm>
  );
}
