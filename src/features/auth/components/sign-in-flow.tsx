/**
 * The sign-in flow as a mountable component: the Login page and the embed route both mount it, and
 * say what happens after a sign-in through `onSignedIn`. Identifier first: one field for a phone or
 * an e-mail and Continue; the second stage (the account, its password, the other ways) loads in its
 * own chunk, fetched while the first is on screen.
 */
import { fieldProps } from '../../../components/field-props';
import { LazyRequestingApp } from '../../../components/lazy-requesting-app';
import { StepForm } from '../../../components/step-form';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { TextField } from '../../../components/text-field';
import { looksLikePhone, maskIdentifier } from '../../../components/phone-mask';
import { useI18n } from '../../../lib/use-i18n';
import type { TokenResponse } from '../../../lib/session';
import type { Contact } from '../api/types';
import { createSignInModel } from '../models/sign-in-model';
import { useFlowDeps } from '../use-flow-deps';

import { LazyCodeStep as CodeStep } from '../../../components/verification/lazy-code-step';
import { FlowLink, type FlowName } from './flow-link';

/** What Login's `qr` step takes (qr-step.tsx). */
export interface QrStepProps {
  onSignedIn: (response: TokenResponse) => Promise<void>;
  onBack: () => void;
}

const loadChallenge = () => import('./challenge-step');
// Steps most sign-ins never see load when they are needed (each in its own small chunk).
const ChallengeStep = lazy(loadChallenge);
const AccountChooser = lazy(() => import('./account-chooser'));
const SignInError = lazy(() => import('./sign-in-error'));
const SecondStep = lazy(() => import('./second-step'));

export function SignInFlow({
  onSignedIn,
  goTo,
  prefill,
  fresh = false,
  autoFocus = true,
  lead,
  qr,
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
  /**
   * Signing in by QR, offered by the Login page (not in a partner's frame): its step, which the page loads
   * lazily, and whether a code shown before a reload still lives. Given by the page, so that the embed
   * route's first download carries none of it (test/budget.test.ts).
   */
  qr?: { Step: ComponentType<QrStepProps>; showing: () => boolean };
}) {
  useSignals();
  const i18n = useI18n();
  const deps = useFlowDeps();
  const { session } = deps;
  const [model] = useState(() => createSignInModel({ ...deps, onSignedIn, fresh, prefill, showingQr: qr?.showing }));
  useEffect(() => {
    void model.start();
    void loadChallenge();
    // Passkeys (issue 41) after hydration, in their own chunk: the button, and the field's autofill.
    let stop: (() => void) | undefined | false;
    void import('../models/passkey-sign-in')
      .then((module) => module.attachPasskeys(model))
      .then((end) => (stop === false ? end() : (stop = end)));
    return () => {
      if (stop) stop();
      else stop = false;
    };
  }, [model]);
  const { form, step, identifier } = model;

  if (step.value === 'accounts' || step.value === 'logout') return <AccountChooser model={model} />;
  if (step.value === 'error') return <SignInError model={model} />;
  if (step.value === 'second') return <SecondStep model={model} />;
  if (step.value === 'qr' && qr) {
    return (
      <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
        <qr.Step onSignedIn={(response) => onSignedIn(response, model.save.value)} onBack={() => model.backToLogin()} />
      </Suspense>
    );
  }
  if (step.value === 'confirmation') {
    return (
      <CodeStep
        codes={model.codes}
        form={form}
        heading="h1"
        submitLabel={i18n.t('sign_in')}
        onSubmit={() => void model.submitCode()}
        onBack={() => model.backToLogin()}
      />
    );
  }
  if (model.stage.value === 'challenge') {
    return (
      <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
        <ChallengeStep model={model} goTo={goTo} />
      </Suspense>
    );
  }

  const typed = identifier.value;
  const notFound = identifier.error.value?.startsWith('user_not_found') ?? false;
  return (
    <StepForm onSubmit={() => void model.submitIdentifier()}>
      <LazyRequestingApp />
      {lead}
      <h1>{i18n.t('login_title')}</h1>
      {/* After a session ended elsewhere, the subtitle says so instead (issue 12). */}
      <p className={session.ended.value ? 'notice' : 'subtitle'} role="status">
        {i18n.t(session.ended.value ? 'signed_out_here' : 'login_subtitle')}
      </p>
      <TextField
        label={i18n.t('phone_or_email_label')}
        name="username"
        // WebAuthn L3 §5.1.4.1: the browser's autofill offers this site's passkeys here too.
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        // A national number shows the country code it is read with.
        prefix={typed && looksLikePhone(typed) && !typed.startsWith('+') ? '+998' : undefined}
        autoFocus={autoFocus}
        {...fieldProps(identifier, i18n)}
        onValue={(value) => identifier.set(maskIdentifier(value))}
      />
      {/* No account with this contact: the way to make one, beside the sentence saying so. */}
      {notFound ? (
        <p className="field-hint">
          <FlowLink to="sign-up" goTo={goTo}>
            {i18n.t('sign_up')}
          </FlowLink>
        </p>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={model.save.value} onChange={(event) => model.save.set(event.target.checked)} />
        <span>{i18n.t('remember_me')}</span>
      </label>
      <Button type="submit" busy={form.busy.value}>
        {i18n.t('continue')}
      </Button>
      {model.passkey.value !== false ? (
        <button
          type="button"
          className="link-button qr-entry"
          disabled={!model.passkey.value}
          onClick={model.passkey.value || undefined}
        >
          <Icon name="key" />
          {i18n.t('passkey_sign_in')}
        </button>
      ) : null}
      {qr ? (
        <button type="button" className="link-button qr-entry" onClick={() => model.showQr()}>
          <Icon name="qr" />
          {i18n.t('qr_sign_in')}
        </button>
      ) : null}
      {notFound ? null : (
        <p className="auth-links">
          <span>
            {i18n.t('no_account')}{' '}
            <FlowLink to="sign-up" goTo={goTo}>
              {i18n.t('sign_up')}
            </FlowLink>
          </span>
        </p>
      )}
    </StepForm>
  );
}
