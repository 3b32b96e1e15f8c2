/**
 * The site's services, created once by main.tsx and handed down by context: features read them with
 * useServices() instead of importing globals, so tests can give them their own.
 */
import type { ShowError } from './form';
import { createContext, useContext } from 'react';
import type { AppConfig } from '../config/config';
import type { Http } from './http';
import type { I18n } from './i18n';
import type { ParentFrame } from './parent-frame';
import type { Session } from './session';
import type { Toasts } from './toasts';

export interface Services {
  config: AppConfig;
  http: Http;
  i18n: I18n;
  toasts: Toasts;
  session: Session;
  /** The page framing this site, told of each path change once the server confirmed it. */
  frame: ParentFrame;
  /** `state` goes with the history entry (a contact handed from one auth page to another, never in the address). */
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  /**
   * Shows a failed call's sentence: a toast, or nothing; returns the field error, if any. `inline`
   * names the field that a field-less key belongs to on the caller's form (a wrong password beside
   * the password field rather than in a toast).
   */
  showError: ShowError;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
