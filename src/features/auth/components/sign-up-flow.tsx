/** The registration flow as a mountable component (the Register page; the embed route next). */
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/use-i18n';
import type { TokenResponse } from '../../../lib/session';
import { createSignUpModel } from '../models/sign-up-model';
import { useFlowDeps } from '../use-flow-deps';
import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { ContactStep } from '../../../components/verification/contact-step';
import { Link } from 'wouter';
import { FlowLink, type FlowName } from './flow-link';

/** Whether the history entry shown is the one sign-up's code step added. */
const ownEntry = () => (history.state as { signUpCode?: boolean } | null)?.signUpCode === true;

export function SignUpFlow({
  onRegistered,
  goTo,
}: {
  onRegistered: (response: TokenResponse) => Promise<void>;
  goTo?: (flow: FlowName) => void;
}) {
  useSignals();
  const i18n = useI18n();
  const deps = useFlowDeps();
  const [model] = useState(() => createSignUpModel({ ...deps, onRegistered }));
  const { form, step } = model;
  const atCode = step.value === 'code';
  // The code step is an entry of the page's history (the same address): the browser's Back returns
  // to the number, kept, as "Change number" does, rather than leaving sign-up. Not inside a partner's
  // frame, whose history entries would be the partner page's too.
  useEffect(() => {
    if (goTo || !atCode) return;
    if (!ownEntry()) history.pushState({ ...(history.state as object | null), signUpCode: true }, '');
    const back = () => {
      if (!ownEntry()) model.startOver();
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [goTo, atCode, model]);

  if (step.value === 'contact') {
    // A contact that already has an account: the way to it, with the contact filled in (full page only).
    const takenValue = model.takenContact.value;
    const taken = !goTo && takenValue && form.errors.value[takenValue.type] ? takenValue : null;
    return (
      <ContactStep
        title={i18n.t('register_title')}
        contact={model.contact}
        form={form}
        onSend={(how) => void model.sendCode(how)}
      >
        {taken ? (
          <p>
            <Link href="/login" state={{ contact: taken }}>
              {i18n.t('sign_in_instead')}
            </Link>
          </p>
        ) : null}
        <p className="auth-links">
          <span>
            {i18n.t('have_account')}{' '}
            <FlowLink to="sign-in" goTo={goTo}>
              {i18n.t('sign_in')}
            </FlowLink>
          </span>
        </p>
      </ContactStep>
    );
  }

  if (atCode) {
    return (
      <CodeStep
        codes={model.codes}
        form={form}
        heading="h1"
        submitLabel={i18n.t('continue')}
        onSubmit={() => void model.checkCode()}
        // Through the history when the step has its entry, so that Back and this button agree.
        onBack={() => (ownEntry() ? history.back() : model.startOver())}
        backLabel={i18n.t('change_contact')}
      />
    );
  }

  const byPhone = model.verified.value?.contact.type === 'phone';
  return (
    <StepForm onSubmit={() => void model.register()}>
      <h1>{i18n.t('register_title')}</h1>
      <TextField
        label={i18n.t('first_name_label')}
        name="given-name"
        autoComplete="given-name"
        autoFocus
        {...fieldProps(model.firstName, i18n)}
      />
      <TextField
        label={i18n.t('last_name_label')}
        name="family-name"
        autoComplete="family-name"
        {...fieldProps(model.lastName, i18n)}
      />
      {byPhone ? (
        <TextField
          label={i18n.t('email_optional_label')}
          name="email"
          type="email"
          autoComplete="email"
          hint={i18n.t('email_optional_hint')}
          {...fieldProps(model.email, i18n)}
        />
      ) : null}
      <NewPasswordFields password={model.password} again={model.passwordAgain} />
      <Button type="submit" busy={form.busy.value}>
        {i18n.t('sign_up')}
      </Button>
    </StepForm>
  );
}
