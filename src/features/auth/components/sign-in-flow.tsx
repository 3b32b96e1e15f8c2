/**
 * The sign-in flow as a mountable component: the Login page and the embed route both mount it, and
 * say what happens after a sign-in through `onSignedIn`.
 */
import { fieldProps } from '../../../components/field-props';
import { LazyRequestingApp } from '../../../components/lazy-requesting-app';
import { StepForm } from '../../../components/step-form';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { useI18n } from '../../../lib/use-i18n';
import type { TokenResponse } from '../../../lib/session';
import type { Contact } from '../api/types';
import { createSignInModel } from '../models/sign-in-model';
import { useFlowDeps } from '../use-flow-deps';

import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { ContactFields } from '../../../components/verification/contact-fields';
import { FlowLink, type FlowName } from './flow-link';
import { SendCodeButtons } from '../../../components/verification/send-code-buttons';

// Steps most sign-ins never see load when they are needed (each in its own small chunk).
const AccountChooser = lazy(() => import('./account-chooser'));
const SignInError = lazy(() => import('./sign-in-error'));
const LockCountdown = lazy(() => import('./lock-countdown'));

export function SignInFlow({
  onSignedIn,
  goTo,
  prefill,
  fresh = false,
  autoFocus = true,
  lead,
}: {
  onSignedIn: (response: TokenResponse | null, save: boolean) => Promise<void>;
  goTo?: (flow: FlowName) => void;
  /** A contact to start with (a reset password's, a taken one's from sign-up). */
  prefill?: Contact | null;
  fresh?: boolean;
  /** False inside a partner's page: focusing the field would scroll the partner's page to the widget. */
  autoFocus?: boolean;
  /** Under the "to continue to <app>" banner, before the form: the widget's other way in. */
  lead?: ReactNode;
}) {
  useSignals();
  const i18n = useI18n();
  const deps = useFlowDeps();
  const { session } = deps;
  const [model] = useState(() => createSignInModel({ ...deps, onSignedIn, fresh, prefill }));
  useEffect(() => {
    void model.start();
  }, [model]);
  const { form, contact, step, method } = model;

  if (step.value === 'accounts' || step.value === 'logout') return <AccountChooser model={model} />;
  if (step.value === 'error') return <SignInError model={model} />;
  if (step.value === 'confirmation') {
    return (
      <CodeStep
        codes={model.codes}
        form={form}
        heading="h1"
        autoSubmit
        submitLabel={i18n.t('sign_in')}
        onSubmit={() => void model.submitCode()}
        onBack={() => model.backToLogin()}
        backLabel={i18n.t('change_contact')}
      />
    );
  }

  const byPassword = method.value === 'password';
  const isPhone = contact.type.value === 'phone';
  return (
    <StepForm
      onSubmit={() => void (byPassword ? model.submitPassword() : model.requestCode(isPhone ? 'sms' : 'email'))}
    >
      <LazyRequestingApp />
      {lead}
      <h1>{i18n.t('login_title')}</h1>
      {/* After a session ended elsewhere, the subtitle says so instead (issue 12). */}
      <p className={session.ended.value ? 'notice' : 'subtitle'} role="status">
        {i18n.t(session.ended.value ? 'signed_out_here' : 'login_subtitle')}
      </p>
      <ContactFields contact={contact} autoFocus={autoFocus} />
      {byPassword ? (
        <PasswordField
          label={i18n.t('password_label')}
          autoComplete="current-password"
          {...fieldProps(model.password, i18n)}
          showLabel={i18n.t('show_password')}
          hideLabel={i18n.t('hide_password')}
        />
      ) : null}
      {byPassword && model.password.error.value === 'too_many_attempts_login' && model.lockedUntil.value ? (
        <Suspense fallback={null}>
          <LockCountdown until={model.lockedUntil.value} />
        </Suspense>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={model.save.value} onChange={(event) => model.save.set(event.target.checked)} />
        <span>{i18n.t('remember_me')}</span>
      </label>
      {byPassword ? (
        <Button type="submit" busy={form.busy.value}>
          {i18n.t('sign_in')}
        </Button>
      ) : (
        <SendCodeButtons isPhone={isPhone} busy={form.busy.value} onSend={(how) => void model.requestCode(how)} />
      )}
      <button type="button" className="link-button" onClick={() => (method.value = byPassword ? 'code' : 'password')}>
        {i18n.t(byPassword ? 'sign_in_with_code' : 'sign_in_with_password')}
      </button>
      <p className="auth-links">
        <FlowLink to="reset" goTo={goTo}>
          {i18n.t('forgot_password')}
        </FlowLink>
        <span>
          {i18n.t('no_account')}{' '}
          <FlowLink to="sign-up" goTo={goTo}>
            {i18n.t('sign_up')}
          </FlowLink>
        </span>
      </p>
    </StepForm>
  );
}
