/**
 * "Sign out of all": every account with a stored session on this device (docs/product.md §3 session_{uuid}) is
 * signed out on the server, not only forgotten here (as the chooser's Forget does: lib/end-saved-session.ts),
 * then this tab's own. Other tabs showing one of these accounts notice their stored session going (main.tsx)
 * and say so.
 */
import { endSavedSession } from '../../lib/end-saved-session';
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
        if (refresh) await endSavedSession(http, ssoApi, refresh);
      }),
  );
  await session.signOut();
}
