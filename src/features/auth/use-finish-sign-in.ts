/**
 * The full-page flows' `onSignedIn`: finish-sign-in.ts, loaded apart from the login page (its
 * budget, test/budget.test.ts) and fetched as soon as the form is on screen, so a sign-in does not wait for it.
 */
import { useCallback, useEffect } from 'react';
import { useServices } from '../../lib/services';
import type { TokenResponse } from '../../lib/session';

const load = () => import('./finish-sign-in');

export function useFinishSignIn(): (response: TokenResponse | null, save: boolean) => Promise<void> {
  const services = useServices();
  useEffect(() => {
    void load();
  }, []);
  return useCallback(async (response, save) => (await load()).finishSignIn(services, response, save), [services]);
}
