/**
 * The scopes the consent screen asks about, for the account that would give them (issue 11): a
 * scope whose only claim the account lacks — `phone` without a phone number, `email` without an
 * e-mail address — is not shown, since granting it gives the app nothing (OpenID Connect Core §5.4:
 * a claim with no value is left out of the answer). docs/decisions.md, "Consent asks only for what
 * the account has", says why such a line is left out rather than marked empty.
 */
import type { UserProfile } from '../../../lib/session';

export function scopesToAsk(scopes: readonly string[], user: Pick<UserProfile, 'phone' | 'email'>): string[] {
  return scopes.filter((scope) =>
    scope === 'phone' ? Boolean(user.phone) : scope === 'email' ? Boolean(user.email) : true,
  );
}
