/**
 * "Sign out of all": every account with a stored session on this device (docs/product.md §3 session_{uuid}) is
 * signed out on the server, not only forgotten here, then this tab's own. A stored session's refresh token
 * buys an access token, which ends that session (DELETE /user/LogoutUser/ ends the caller's own). An ended or
 * unreachable one is left as it is: nothing of it is kept here any more. Other tabs showing one of these
 * accounts notice their stored session going (main.tsx) and say so.
 */
import type { Http } from '../../lib/http';
import type { Session } from '../../lib/session';

export async function signOutAll(session: Session, http: Http, ssoApi: string): Promise<void> {
  const current = session.user.peek()?.id;
  await Promise.all(
    session.activeProfiles
      .peek()
      .map((profile) => profile.uuid)
      .filter((uuid) => uuid !== current)
      .map(async (uuid) => {
        const refresh = session.saved(uuid);
        session.forgetSaved(uuid);
        if (!refresh) return;
        try {
          const pair = await http.refreshWith(refresh);
          // The token names its own account: not the one this tab shows (docs/api.md, Account-Id).
          await http.request('delete', `${ssoApi}/user/LogoutUser/`, undefined, {
            headers: { Authorization: `Bearer ${pair.access}` },
            account: null,
          });
        } catch {
          // see above
        }
      }),
  );
  await session.signOut();
}
