/** A new password and its repetition, checked before the server sees them. */
import { passwordLengthProblem } from '../../server/src/contract/password-rules.js';
import type { Form } from './form';

/** Sets the field errors of a new password; true when there are none. The length rule is the server's (the contract's). */
export function checkNewPassword(form: Form, password: string, again: string): boolean {
  const problem = passwordLengthProblem(password);
  if (problem) form.setError('password', problem);
  else if (password !== again) form.setError('password_again', 'passwords_do_not_match');
  return !('password' in form.errors.peek() || 'password_again' in form.errors.peek());
}
