/**
 * The navigation model's bindings to the browser and to wouter: the address bar as the model's
 * input, and a location hook through which the router sees only the address the guard allowed.
 */
import { useSyncExternalStore } from 'react';
import { matchRoute as matchPattern, type Parser } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { Address, AddressChanges, Navigation } from './navigation';
import { matchRoute, type RouteDef } from './routes';

/** The address bar's address. */
export const browserAddress = (): Address => ({ path: location.pathname, search: location.search.slice(1) });

// wouter's use-browser-location announces pushState and replaceState as events of these names.
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

export const browserAddressChanges: AddressChanges = (onChange) => {
  for (const type of ADDRESS_EVENTS) addEventListener(type, onChange);
  return () => {
    for (const type of ADDRESS_EVENTS) removeEventListener(type, onChange);
  };
};

/** The route an address shows, by the table of routes.ts and wouter's own pattern matching. */
export function routeMatcher(parser: Parser): (path: string) => RouteDef {
  return (path) =>
    matchRoute(path, (pattern, candidate) => {
      const [matched, values] = matchPattern(parser, pattern, candidate);
      return matched ? (values as Record<string, string>) : null;
    }).route;
}

/** A wouter location hook (with its search hook) reading the navigation's decided address. */
export function guardedLocationHook(navigation: Navigation) {
  const subscribe = (onChange: () => void) => navigation.decided.subscribe(onChange);
  const path = () => navigation.decided.peek().path;
  const search = () => navigation.decided.peek().search;
  const useSearch = () => useSyncExternalStore(subscribe, search, search);
  const useLocation = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, path, path), navigate];
  return Object.assign(useLocation, { searchHook: useSearch });
}
