/**
 * What the flow models' tests give them instead of the site's services: the scripted client and
 * showError of lib/testing, the auth calls' dependencies over it, a frozen clock, a recording
 * `announce`, and the part of Session the sign-in flow uses. Only tests import this file.
 */
import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { DeviceProfile, Session, TokenResponse, UserProfile } from '../../../lib/session';
import { createSignInModel } from '../models/sign-in-model';
import { fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import type { AuthApi } from '../api/types';
import { userProfile } from '../../../lib/testing/user-profile';

export { failure, type Call, type Failure } from '../../../lib/testing/fake-http';

export const SSO = '/sso/api/v1';
export const SSO_V2 = '/sso/api/v2';
/** 2025-01-01T00:00:00Z */
export const NOW = 1_735_689_600_000;
export const SIGN_IN_HEADERS: Readonly<Record<string, string>> = { source: 'web', 'kirish-Source': 'market.kirish.uz' };

/** The scripted server with the auth calls' dependencies over its client. */
export function fakeServer() {
  const server = fakeHttp();
  const api: AuthApi = {
    http: server.http,
    ssoApi: SSO,
    ssoApiV2: SSO_V2,
    signInHeaders: () => ({ ...SIGN_IN_HEADERS }),
  };
  return { ...server, api };
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
  return {
    uuid,
    first_name: 'Aziz',
    last_name: 'Karimov',
    phone: '+998 90 *** ** 67',
    email: null,
    is_current: false,
    has_active_session: true,
    last_seen_at: '2026-11-20T09:00:00.000Z',
  };
}

/** The profile of the account a switch resumes. */
export const user: UserProfile = userProfile('u-2', { first: 'Aziz', last: 'Karimov' });

const unused = (name: string) => () => Promise.reject(new Error(`the sign-in model called session.${name}`));

/** The part of Session the sign-in model uses, recording the accounts switched to; the rest must not be called. */
export function fakeSession(
  profiles: DeviceProfile[],
  switchTo: (uuid: string) => Promise<UserProfile> = () => Promise.resolve(user),
  signedOut: UserProfile | null = null,
  ended: { phone: string | null; email: string | null } | null = null,
) {
  const switched: string[] = [];
  const session: Session & { switchTo(uuid: string): Promise<UserProfile> } = {
    user: signal(null),
    profiles: signal(profiles),
    activeProfiles: signal(profiles),
    signedOut: signal(signedOut),
    ended: signal(ended),
    hasToken: () => false,
    refreshToken: () => null,
    forgetSaved: () => {},
    saved: () => null,
    check: unused('check'),
    lost: () => {},
    signIn: unused('signIn'),
    verify: unused('verify'),
    adoptToken: () => {
      throw new Error('the sign-in model called session.adoptToken');
    },
    loadProfiles: unused('loadProfiles'),
    loadProfilesFromStoredSession: () => Promise.resolve(),
    switchTo(uuid) {
      switched.push(uuid);
      return switchTo(uuid);
    },
    signOut: unused('signOut'),
    storeRefreshed: () => {},
    forget: () => {},
    replaceUser: () => {},
    followed: signal(0),
  };
  return { session, switched };
}

/** Fails the test that writes to the console, and the one that made a call nobody scripted. */
export function strictTests(unexpectedCalls: () => string[]) {
  const spies: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const)
      spies.push(vi.spyOn(console, method).mockImplementation(() => {}));
  });
  afterEach(() => {
    const logged = spies.flatMap((spy) => spy.mock.calls);
    for (const spy of spies.splice(0)) spy.mockRestore();
    expect(logged, 'nothing is logged').toEqual([]);
    expect(unexpectedCalls(), 'every call was scripted').toEqual([]);
  });
}

/**
 * The preamble of the auth flows' tests: fresh fakes before each test (the same object, refilled, so a
 * file can hold it in a const), and strictTests' checks over them.
 */
export function useFlowFakes(): ReturnType<typeof fakeFlowDeps> {
  const flow = {} as ReturnType<typeof fakeFlowDeps>;
  beforeEach(() => {
    Object.assign(flow, fakeFlowDeps());
  });
  strictTests(() => flow.server.unexpected);
  return flow;
}

/** A sign-in asked for afresh (no saved accounts offered), each finished sign-in recorded in `signedIn`. */
export function freshSignInModel(
  flow: ReturnType<typeof fakeFlowDeps>,
  signedIn: { response: TokenResponse | null; save: boolean }[],
) {
  const { session } = fakeSession([]);
  return createSignInModel({
    ...flow.deps,
    session,
    fresh: true,
    onSignedIn: (response, save) => {
      signedIn.push({ response, save });
      return Promise.resolve();
    },
  });
}
