/**
 * Resumes another account of this device from its stored session (docs/product.md §3 session_{uuid}), without
 * a password: its refresh token buys a new pair, which signs in as a saved sign-in would. Apart from
 * the session model, so that only the lazy chunks of the account chooser and the account menu carry it
 * (test/budget.test.ts). It refreshes with the newest stored token: another tab may have rotated it.
 */
import type { Http } from './http';
import type { Session, UserProfile } from './session';

/** `afresh`: the screen shown is mounted anew for the account (a switch from the account menu, not from Login). */
export async function switchAccount(session: Session, http: Http, uuid: string, afresh = false): Promise<UserProfile> {
  const refresh = session.saved(uuid);
  if (!refresh) throw new Error('no stored session for this account');
  let pair;
  try {
    pair = await http.refreshWith(refresh);
  } catch (error) {
    // The stored session has ended (signed out elsewhere, or expired): forget it.
    session.forgetSaved(uuid);
    throw error;
  }
  // A saved sign-in of that account: the pair becomes active and its session_{uuid} the rotated token.
  return session.signIn({ ...pair, user_uuid: uuid }, true, afresh);
}
