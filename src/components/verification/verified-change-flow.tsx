/** The steps of a code-proven change: the current password, the new contact, the code. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../button';
import { useI18n } from '../../lib/use-i18n';
import { ContactStep } from './contact-step';
import { LazyCodeStep as CodeStep } from './lazy-code-step';
import { StepUpForm } from './step-up-form';
import type { VerifiedChangeModel } from './verified-change-model';

export function VerifiedChangeFlow({
  model,
  title,
  intro,
  submitLabel,
  submitVariant,
  onCancel,
}: {
  model: VerifiedChangeModel;
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  /** `danger` where the change is destructive (deactivation). */
  submitVariant?: 'primary' | 'danger';
  onCancel: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  useEffect(() => {
    void model.start();
  }, [model]);
  const { form } = model;
  const step = model.step.value;
  if (step === 'proof') {
    return (
      <StepUpForm
        stepUp={model.stepUp}
        form={form}
        submitLabel={i18n.t('continue')}
        onProof={(proof) => void model.proven(proof)}
        onCancel={onCancel}
      />
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
    // A code to one's own contact goes out as the step opens: the hint says where it went once it
    // went ("We sent a code to …"), never before (a refusal shows beside the field instead).
    const notice = model.codes.sentNotice.value;
    const ownHint = notice ? i18n.t(notice.key, { to: notice.to }) : '';
    return (
      <div className="stack">
        {/* A code to the account's own contact: the step is titled by where it went, not by the change. */}
        {model.ownContact ? null : <h2>{title}</h2>}
        <CodeStep
          codes={model.codes}
          form={form}
          submitLabel={submitLabel}
          submitVariant={submitVariant}
          heading={model.ownContact ? 'h2' : undefined}
          hint={model.ownContact ? ownHint : undefined}
          backLabel={model.ownContact ? i18n.t('cancel') : undefined}
          onSubmit={() => void model.confirm()}
          onBack={() => {
            if (!model.back()) onCancel();
          }}
        />
      </div>
    );
  }
  return null;
}
