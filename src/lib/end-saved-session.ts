import type { Http } from './http';

/**
 * Ends a saved session of this device that the person asked to forget: its refresh token buys an
 * access token, which then logs that session out (DELETE /user/LogoutUser/ ends the caller's own).
 * An ended or unreachable session is left as it is: nothing of it is kept here any more.
 */
export async function endSavedSession(http: Http, ssoApi: string, refresh: string): Promise<void> {
  try {
    const pair = await http.refreshWith(refresh);
    // The token names its own account, not the one this tab shows (docs/api.md, Account-Id): named, the
    // call would be refused as another account's and the session never ended.
    await http.request('delete', `${ssoApi}/user/LogoutUser/`, undefined, {
      headers: { Authorization: `Bearer ${pair.access}` },
      account: null,
    });
  } catch {
    // see above
  }
}
