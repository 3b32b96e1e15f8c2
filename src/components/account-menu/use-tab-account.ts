/**
 * The account this tab shows belongs to the tab (issue 35), and two things keep it so while a signed-in page
 * is open (the top bar's account menu runs this):
 *
 * - Its id goes into the state of each history entry of the tab, so that a reload takes it up again
 *   (main.tsx hands it to the session as `resume`). docs/product.md §3 lists every key the site may store,
 *   and sessionStorage holds none for this; the address would carry the account into every copied link
 *   and the browser's history list. A history entry's state is seen by this tab only and goes nowhere.
 * - When another tab signs this account out, its stored session (or the device's active one) is removed:
 *   the `storage` event (HTML, Web storage §12.2.1) tells this tab at once, and it checks its session now,
 *   so that it says so (Login, with the contact) rather than at the person's next action.
 */
import { useEffect } from 'react';
import type { Session } from '../../lib/session';
import { ACCESS_TOKEN_KEY, profileSessionKey } from '../../lib/storage-keys';

export function useTabAccount(session: Session, account: string | null): void {
  useEffect(() => {
    if (!account) return;
    const mark = () => {
      const state = (history.state ?? {}) as { account?: string };
      // The prototype's replaceState: wouter's own announces a change of address, and this is none.
      if (state.account !== account) History.prototype.replaceState.call(history, { ...state, account }, '');
    };
    const ended = ({ key, newValue }: StorageEvent) => {
      if (newValue === null && (key === ACCESS_TOKEN_KEY || key === profileSessionKey(account)))
        void session.check(true);
    };
    // Every entry the tab moves to or replaces (wouter announces pushState and replaceState as events).
    const moves = ['pushState', 'replaceState', 'popstate'];
    mark();
    for (const type of moves) addEventListener(type, mark);
    addEventListener('storage', ended);
    return () => {
      for (const type of moves) removeEventListener(type, mark);
      removeEventListener('storage', ended);
    };
  }, [session, account]);
}
