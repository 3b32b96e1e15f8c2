/**
 * Sign-in's second stage, in its own chunk: the account chip, its password (the default when it
 * has one), and "Try another way", the list of the other ways this account can use (sign-in-ways.ts).
 * Forgot password stays a quiet link; Sign in is the one primary action.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { PasswordField } from '../../../components/password-field';
import { Row, RowList } from '../../../components/row';
import { StepForm } from '../../../components/step-form';
import { useI18n } from '../../../lib/use-i18n';
import { useServices } from '../../../lib/services';
import { knownAccount } from '../models/known-account';
import type { SignInModel } from '../models/sign-in-model';
import { waysFor } from '../models/sign-in-ways';
import { AccountChip } from './account-chip';
import { FlowLink, type FlowName } from './flow-link';
import { LockCountdown } from './lock-countdown';

export function ChallengeStep({ model, goTo }: { model: SignInModel; goTo?: ((flow: FlowName) => void) | undefined }) {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  const [choosing, setChoosing] = useState(false);
  const contact = model.contact.value;
  if (!contact) return null;
  const { form } = model;
  const problem = form.errors.value['identifier'];
  const known = knownAccount(contact, [session.user.value, session.signedOut.value]);
  return (
    <StepForm onSubmit={() => void model.submitPassword()}>
      <h1>{i18n.t(choosing ? 'login_ways_title' : 'login_password_title')}</h1>
      <AccountChip contact={contact} known={known} onNotYou={() => model.notYou()} />
      {/* The account for a password manager, which saves the pair the form holds. */}
      <input type="text" name="username" autoComplete="username" value={contact.value} readOnly hidden />
      {problem ? (
        <p className="field-error" role="alert">
          {i18n.t(problem)}
        </p>
      ) : null}
      {choosing ? (
        <>
          <RowList>
            {waysFor(contact.type).map((way) => (
              <Row
                key={way.id}
                icon={way.icon}
                label={i18n.t(way.label)}
                onClick={() => {
                  if (!form.busy.peek()) void model.requestCode(way.id);
                }}
              />
            ))}
          </RowList>
          <button type="button" className="link-button" onClick={() => setChoosing(false)}>
            {i18n.t('sign_in_with_password')}
          </button>
        </>
      ) : (
        <>
          <PasswordField
            label={i18n.t('password_label')}
            autoComplete="current-password"
            autoFocus
            {...fieldProps(model.password, i18n)}
            showLabel={i18n.t('show_password')}
            hideLabel={i18n.t('hide_password')}
          />
          {model.password.error.value === 'too_many_attempts_login' && model.lockedUntil.value ? (
            <LockCountdown until={model.lockedUntil.value} />
          ) : null}
          <Button type="submit" busy={form.busy.value}>
            {i18n.t('sign_in')}
          </Button>
          <p className="auth-links">
            <FlowLink to="reset" goTo={goTo}>
              {i18n.t('forgot_password')}
            </FlowLink>
            <button type="button" className="link-button" onClick={() => setChoosing(true)}>
              {i18n.t('try_another_way')}
            </button>
          </p>
        </>
      )}
    </StepForm>
  );
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default ChallengeStep;
