import { StepForm } from '../step-form';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import type { Channel } from './code-sender';
import type { ContactInput } from './contact-input';
import type { Form } from '../../lib/form';
import { ContactFields } from './contact-fields';
import { SendCodeButtons } from './send-code-buttons';

/** The first step of a flow that starts with a code: the phone or e-mail, and the ways to get it. */
export function ContactStep(props: {
  title: string;
  contact: ContactInput;
  form: Form;
  onSend: (how: Channel) => void;
  fixed?: boolean;
  children?: ReactNode;
}) {
  useSignals();
  const isPhone = props.contact.type.value === 'phone';
  return (
    <StepForm onSubmit={() => props.onSend(isPhone ? 'sms' : 'email')}>
      <h1>{props.title}</h1>
      <ContactFields contact={props.contact} autoFocus fixed={props.fixed} />
      <SendCodeButtons isPhone={isPhone} busy={props.form.busy.value} onSend={props.onSend} />
      {props.children}
    </StepForm>
  );
}
