/** A new password and its repetition, checked before the server sees them. */
import type { Form } from './form';

/** The server's minimum (docs/decisions.md, Passwords), counted in characters as it counts them. */
export const MIN_PASSWORD_LENGTH = 8;

/** Sets the field errors of a new password; true when there are none. */
export function checkNewPassword(form: Form, password: string, again: string): boolean {
  if ([...password].length < MIN_PASSWORD_LENGTH) form.setError('password', 'password_too_short');
  else if (password !== again) form.setError('password_again', 'passwords_do_not_match');
  return !('password' in form.errors.peek() || 'password_again' in form.errors.peek());
}
