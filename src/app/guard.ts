/**
 * The navigation guard of docs/product.md §2, as a decision over plain facts so that every rule is a unit test.
 * The runner (navigation.ts, bound to the browser in guarded-location.ts) gathers the facts — it verifies the session when a token exists
 * and no user is loaded (step 3) — and carries the decision out.
 */
import { AUTH_ROUTES, HELP_CENTER_ROUTES, OPEN_ROUTES, type RouteDef } from './routes';

export interface GuardFacts {
  route: RouteDef;
  search: URLSearchParams;
  signedIn: boolean;
  deactivated: boolean;
  /** A pending user id is stored (docs/product.md §3 userUUID). */
  pendingUser: boolean;
}

export type GuardDecision = { action: 'show' } | { action: 'redirect'; to: string };

export function decide(facts: GuardFacts): GuardDecision {
  const { route, search, signedIn, deactivated } = facts;
  if (route.redirect) return { action: 'redirect', to: route.redirect };
  // Step 1: help-centre pages skip the checks.
  if (HELP_CENTER_ROUTES.has(route.name)) return { action: 'show' };
  // Step 4: Home with a pending user id goes through (its phone confirmation, docs/product.md §4). A
  // confirmType alone, with no session, has nothing to confirm: step 7 sends it to Login.
  if (route.name === 'Home' && facts.pendingUser) return { action: 'show' };
  // Step 5: deactivated users see DeletedAccount and the auth pages only; others never see DeletedAccount.
  if (signedIn && deactivated && !route.deactivatedOnly && !AUTH_ROUTES.has(route.name))
    return { action: 'redirect', to: '/deleted-account' };
  if (route.deactivatedOnly && !(signedIn && deactivated)) return { action: 'redirect', to: '/' };
  // Step 7: the allow lists, or a signed-in user; everyone else to Login with the query kept.
  if (AUTH_ROUTES.has(route.name) || OPEN_ROUTES.has(route.name) || signedIn) return { action: 'show' };
  const query = search.toString();
  return { action: 'redirect', to: `/login${query ? `?${query}` : ''}` };
}

/** Step 1: the `lang` parameter is dropped on arrival (it is written back only for isMobile). */
export function withoutParams(search: URLSearchParams, names: string[]): URLSearchParams {
  const kept = new URLSearchParams(search);
  for (const name of names) kept.delete(name);
  return kept;
}
