import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../server/src/contract/password-rules.js';
import type { Field } from '../lib/form';
import { useI18n } from '../lib/use-i18n';
import { fieldProps } from './field-props';
import { PasswordField } from './password-field';

const PasswordStrengthHint = lazy(() => import('./password-strength-hint'));

/**
 * A new password and its repeat, as every flow that sets one asks for them (sign-up, the reset by code,
 * the reset and the change from the security section): the same labels, the rule as the first field's hint,
 * each error beside its field, and autocomplete="new-password" on both so a password manager offers to
 * generate and save one (HTML Living Standard §4.10.18.7.1, autofill field names).
 */
export function NewPasswordFields({ password, again }: { password: Field<string>; again: Field<string> }) {
  useSignals();
  const i18n = useI18n();
  const toggles = { showLabel: i18n.t('show_password'), hideLabel: i18n.t('hide_password') };
  return (
    <>
      <PasswordField
        label={i18n.t('new_password_label')}
        name="new-password"
        autoComplete="new-password"
        hint={i18n.t('password_hint')}
        {...fieldProps(password, i18n)}
        {...toggles}
      />
      {/* Once the length rule is met, how strong it looks; the field's own error, when there is one, instead. */}
      {!password.error.value && [...password.value].length >= PASSWORD_MIN_LENGTH ? (
        <Suspense fallback={null}>
          <PasswordStrengthHint password={password.value} />
        </Suspense>
      ) : null}
      <PasswordField
        label={i18n.t('repeat_password_label')}
        name="repeat-password"
        autoComplete="new-password"
        {...fieldProps(again, i18n)}
        {...toggles}
      />
    </>
  );
}
