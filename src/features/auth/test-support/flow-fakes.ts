/**
 * What the flow models' tests give them instead of the site's services: an HTTP client that records
 * every call and answers from a script, main.tsx's showError over the real error reader (toasts
 * recorded), a frozen clock, a recording `announce`, and the part of Session the sign-in flow uses. Only tests import this file.
 */
import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import en from '../../../../server/src/features/translations/locales/en.json' with { type: 'json' };
import { readError } from '../../../lib/api-error';
import { withMethods, type Http, type Method, type RequestOptions } from '../../../lib/http';
import type { DeviceProfile, Session, UserProfile } from '../../../lib/session';
import type { AuthApi } from '../api/types';
import type { ShowError } from '../models/form';

export const SSO = '/sso/api/v1';
export const SSO_V2 = '/sso/api/v2';
/** 2025-01-01T00:00:00Z */
export const NOW = 1_735_689_600_000;
export const SIGN_IN_HEADERS: Readonly<Record<string, string>> = { source: 'web', 'kirish-Source': 'market.kirish.uz' };

export interface Call {
  method: Method;
  url: string;
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A failed call as redaxios rejects it. */
export interface Failure {
  status: number;
  data: { errors: { error: string; field?: string }[] };
}

export const failure = (status: number, error: string, field?: string): Failure => ({
  status,
  data: { errors: [field ? { error, field } : { error }] },
});

type Answer = { ok: unknown } | { fail: unknown };

/** The server's answers, one per call, in the order they are scripted for each `METHOD url`. */
export function fakeServer() {
  const calls: Call[] = [];
  const script = new Map<string, Answer[]>();
  const unexpected: string[] = [];

  function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    calls.push({
      method,
      url,
      ...(body === undefined ? {} : { body }),
      ...(options.params ? { params: options.params } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    const answer = script.get(`${method} ${url}`)?.shift();
    if (!answer) {
      unexpected.push(`${method} ${url}`);
      return Promise.reject(failure(500, 'server_error'));
    }
    return 'ok' in answer ? Promise.resolve(answer.ok as T) : Promise.reject(answer.fail);
  }

  const http: Http = withMethods(request, () => Promise.reject(new Error('the flows do not refresh tokens themselves')));

  const api: AuthApi = { http, ssoApi: SSO, ssoApiV2: SSO_V2, signInHeaders: () => ({ ...SIGN_IN_HEADERS }) };

  function add(method: Method, url: string, answer: Answer) {
    const key = `${method} ${url}`;
    script.set(key, [...(script.get(key) ?? []), answer]);
  }

  return {
    api,
    calls,
    /** Calls made that no answer was scripted for. */
    unexpected,
    answer: (method: Method, url: string, body: unknown) => add(method, url, { ok: body }),
    fail: (method: Method, url: string, error: unknown) => add(method, url, { fail: error }),
  };
}

/** main.tsx's showError, with the catalogue's keys, recording the toasts it would show. */
export function fakeShowError() {
  const toasts: string[] = [];
  const showError: ShowError = (error, inline) => {
    const outcome = readError(error, (key) => Object.hasOwn(en, key));
    if (outcome.show === 'field') return { key: outcome.key, field: outcome.field };
    if (outcome.show === 'toast') {
      const field = inline?.(outcome.key);
      if (field) return { key: outcome.key, field };
      toasts.push(outcome.key);
    }
    return null;
  };
  return { showError, toasts };
}

/** The dependencies every flow model takes, and what they recorded. */
export function fakeFlowDeps() {
  const server = fakeServer();
  const { showError, toasts } = fakeShowError();
  const announced: { key: string; to: string }[] = [];
  return {
    server,
    toasts,
    announced,
    deps: {
      api: server.api,
      showError,
      now: () => NOW,
      announce: (key: string, to: string) => void announced.push({ key, to }),
    },
  };
}

/** The code-sent answer of SendAuth…Verification. */
export const codeSent = (message: string, to: string) => ({ message, to, expires_in: 300, resend_in: 120 });

/** An account of this device as DeviceProfileList lists it, its contact masked. */
export function deviceProfile(uuid: string): DeviceProfile {
  return { uuid, first_name: 'Aziz', last_name: 'Karimov', phone: '+998 90 *** ** 67', email: null, is_current: false, has_active_session: true };
}

/** The profile of the account a switch resumes. */
export const user: UserProfile = {
  id: 'u-2',
  phone: '+998901234567',
  email: null,
  email_verified: false,
  has_password: true,
  profile: { first_name: 'Aziz', last_name: 'Karimov' },
  is_inactivated: false,
};

const unused = (name: string) => () => Promise.reject(new Error(`the sign-in model called session.${name}`));

/** The part of Session the sign-in model uses, recording the accounts switched to; the rest must not be called. */
export function fakeSession(profiles: DeviceProfile[], switchTo: (uuid: string) => Promise<UserProfile> = () => Promise.resolve(user)) {
  const switched: string[] = [];
  const session: Session = {
    user: signal(null),
    profiles: signal(profiles),
    activeProfiles: signal(profiles),
    hasToken: () => false,
    signIn: unused('signIn'),
    verify: unused('verify'),
    loadProfiles: unused('loadProfiles'),
    loadProfilesFromStoredSession: () => Promise.resolve(),
    switchTo(uuid) {
      switched.push(uuid);
      return switchTo(uuid);
    },
    signOut: unused('signOut'),
    storeRefreshed: () => {},
    forget: () => {},
  };
  return { session, switched };
}

/** Fails the test that writes to the console, and the one that made a call nobody scripted. */
export function strictTests(unexpectedCalls: () => string[]) {
  const spies: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const) spies.push(vi.spyOn(console, method).mockImplementation(() => {}));
  });
  afterEach(() => {
    const logged = spies.flatMap((spy) => spy.mock.calls);
    for (const spy of spies.splice(0)) spy.mockRestore();
    expect(logged, 'nothing is logged').toEqual([]);
    expect(unexpectedCalls(), 'every call was scripted').toEqual([]);
  });
}
