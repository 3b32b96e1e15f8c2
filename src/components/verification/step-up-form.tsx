/**
 * The step-up of a sensitive change (step-up.ts): the current password, or a code to one's own contact.
 * Titled for what it asks, "Confirm it's you", never for the change it leads to: a step titled "Your
 * new phone number" that asks for a code sent to the old one reads as a code for the new one.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Button } from '../button';
import { LockCountdown } from '../lock-countdown';
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
  /** What the proof is for, under the title (the page's own heading names the change). */
  context?: ReactNode;
  submitLabel: string;
  onProof: (proof: string) => void;
  onCancel: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { stepUp, form, context } = props;
  const notice = stepUp.codes.sentNotice.value;
  const title = <h2>{i18n.t('proof_title')}</h2>;
  const proven = (proof: string | null) => {
    if (proof) props.onProof(proof);
  };
  if (stepUp.by.value === 'code') {
    return (
      <div className="stack">
        {title}
        {context}
        <CodeStep
          codes={stepUp.codes}
          form={form}
          submitLabel={props.submitLabel}
          hint={notice ? i18n.t(notice.key, { to: notice.to }) : undefined}
          onSubmit={() => void stepUp.withCode().then(proven)}
          onBack={() => stepUp.switchToPassword()}
        />
      </div>
    );
  }
  return (
    <StepForm onSubmit={() => void stepUp.withPassword().then(proven)}>
      {title}
      {context}
      <p>{i18n.t('proof_intro')}</p>
      <PasswordField
        label={i18n.t('old_password_label')}
        autoComplete="current-password"
        {...fieldProps(stepUp.password, i18n)}
        showLabel={i18n.t('show_password')}
        hideLabel={i18n.t('hide_password')}
      />
      {stepUp.password.error.value === 'too_many_attempts_login' && stepUp.lockedUntil.value ? (
        <LockCountdown until={stepUp.lockedUntil.value} waitKey="password_locked_in" />
      ) : null}
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
