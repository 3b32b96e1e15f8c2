import type { UserProfile } from '../../../lib/session';

/**
 * The account's sign-in name inside a change-password form, hidden: password managers read it to
 * know which saved entry the new password belongs to (Chromium's "Password form styles that
 * Chromium understands": a username field with autocomplete="username" in the same form).
 */
export function UsernameField({ user }: { user: UserProfile | null }) {
  const name = user ? (user.phone ?? user.email ?? '') : '';
  return <input type="text" name="username" autoComplete="username" value={name} readOnly hidden />;
}
