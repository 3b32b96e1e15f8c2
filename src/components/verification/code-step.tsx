import { StepForm } from '../step-form';
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../button';
import { CodeInput } from '../code-input';
import { fieldProps } from '../field-props';
import { useI18n } from '../../lib/use-i18n';
import type { CodeSender } from './code-sender';
import type { Form } from '../../lib/form';
import { useNow } from '../../lib/use-now';

function masked(contact: { type: string; value: string }): string {
  if (contact.type !== 'phone') return contact.value;
  const v = contact.value;
  return `${v.slice(0, 4)} ${v.slice(4, 6)} ${v.slice(6, 9)} ${v.slice(9, 11)} ${v.slice(11)}`;
}

/**
 * The 6-digit code (code-input.tsx) with the resend countdown. Like every code field it sends itself
 * once the last digit is typed or pasted (or filled in by the browser from the SMS): the one rule of
 * code-input.tsx. A code that confirms a destructive act is asked for only after the act was confirmed.
 */
export interface CodeStepProps {
  codes: CodeSender;
  form: Form;
  submitLabel: string;
  /** `danger` where the code's submit is a destructive act (deactivating the account). */
  submitVariant?: 'primary' | 'danger';
  onSubmit: () => void;
  /** The step before (the contact, the password …), never out of the flow unless there is none. */
  onBack: () => void;
  /** What the way back says: "Change number or e-mail" only where that is what it does. Default "Back". */
  backLabel?: string;
  /** The step's heading, saying where the code went ("Check your phone"), at this level. */
  heading?: 'h1' | 'h2';
  /** The field's hint instead of "Enter the 6-digit code sent to …" (the step-up says where it went, masked). */
  hint?: string;
}

export function CodeStep(props: CodeStepProps) {
  useSignals();
  const i18n = useI18n();
  const { codes, form } = props;
  const { code } = codes;
  const waitMs = codes.resendAt.value - useNow(true);
  const seconds = Math.max(0, Math.ceil(waitMs / 1000));
  const to = codes.sentTo.value ? masked(codes.sentTo.value) : '';
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const Heading = props.heading;
  return (
    <StepForm onSubmit={() => props.onSubmit()}>
      {Heading ? (
        <Heading>{i18n.t(codes.sentTo.value?.type === 'email' ? 'code_title_email' : 'code_title_phone')}</Heading>
      ) : null}
      <CodeInput
        label={i18n.t('code_label')}
        autoFocus
        hint={
          props.hint ?? i18n.t(codes.sentTo.value?.type === 'email' ? 'code_hint_email' : 'code_hint_phone', { to })
        }
        {...fieldProps(code, i18n)}
        onComplete={() => {
          if (!form.busy.peek()) props.onSubmit();
        }}
      />
      <Button type="submit" variant={props.submitVariant} busy={form.busy.value}>
        {props.submitLabel}
      </Button>
      <p className="resend" aria-live="polite">
        {seconds > 0 ? (
          i18n.t('resend_code_in', { time })
        ) : (
          <button type="button" className="link-button" onClick={() => void codes.resend()} disabled={form.busy.value}>
            {i18n.t('resend_code')}
          </button>
        )}
      </p>
      <button type="button" className="link-button" onClick={props.onBack}>
        {props.backLabel ?? i18n.t('back')}
      </button>
    </StepForm>
  );
}
