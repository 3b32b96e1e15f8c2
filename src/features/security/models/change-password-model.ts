/**
 * Changing the password with the old one, and the choices to end every other session and the OAuth
 * apps' sessions (the latter on by default: OWASP ASVS 5.0 §7.4.3).
 */
import { createForm, type ShowError } from '../../../lib/form';
import { signal } from '@preact/signals-react';
import { checkNewPassword } from '../../../lib/new-password';
import { noteRetryAfter } from '../../../lib/retry-after';
import type { PasswordChanged, SecurityApi } from '../api/security-api';

export function createChangePasswordModel(deps: { api: SecurityApi; showError: ShowError; now?: () => number }) {
  const now = deps.now ?? (() => Date.now());
  /** When the old password may be tried again (epoch ms), from a lock's Retry-After. */
  const lockedUntil = signal(0);
  const form = createForm(deps.showError);
  const oldPassword = form.field('old_password', '');
  const password = form.field('password', '');
  const passwordAgain = form.field('password_again', '');
  const endOthers = form.field('end_other_sessions', true);
  const endApps = form.field('end_app_sessions', true);

  return {
    form,
    oldPassword,
    password,
    passwordAgain,
    endOthers,
    endApps,
    lockedUntil,
    /** What ended with the change, or undefined when nothing changed. */
    async save(): Promise<PasswordChanged | undefined> {
      form.reset();
      if (!oldPassword.value) form.setError('old_password', 'field_required');
      let newOk = checkNewPassword(form, password.value, passwordAgain.value);
      // Said before the round trip; the server refuses it too (same_password), by the hash.
      if (newOk && oldPassword.value === password.value) {
        form.setError('password', 'same_password');
        newOk = false;
      }
      if (!oldPassword.value || !newOk) return undefined;
      const answer = await form.attempt(
        () =>
          noteRetryAfter(
            () =>
              deps.api.changePassword({
                old_password: oldPassword.value,
                new_password: password.value,
                end_other_sessions: endOthers.value,
                end_app_sessions: endApps.value,
              }),
            (seconds) => (lockedUntil.value = now() + seconds * 1000),
          ),
        {
          // The server names the new password `new_password`; the form calls that field `password`.
          fieldOf: (field) => (field === 'new_password' ? 'password' : field),
          // A lock is the old password's: said beside it, with its countdown, not in a toast.
          inline: (key) => (key === 'too_many_attempts_login' ? 'old_password' : undefined),
        },
      );
      return answer;
    },
  };
}
