/**
 * Social sign-in's tests (issue 36): fake provider clients that stand for the eight real ones behind
 * services/social/provider-client.ts, and a harness that drives a flow over the test server the way
 * the SPA does — begin (keeping the binding cookie as a browser would), then the callback call with
 * what the provider handed back. The fake's "provider" vouches for the identity a test registered
 * under a code or token; any other is refused as a real provider refuses it.
 */
import { expect } from 'vitest';
import { SOCIAL_PATH_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '../contract/social.js';
import { badRequest } from '../lib/api-error.js';
import type {
  CallbackInput,
  FlowSecrets,
  ProviderClient,
  ProviderClients,
  SocialIdentity,
} from '../services/social/provider-client.js';
import { identityOf } from '../services/social/provider-http.js';
import { V1, type CallResult, type TestServer } from './test-server.js';

export const SOCIAL = `${V1}/SocialAuth`;

/** An identity as a provider vouches for it, with what a test does not care about filled in. */
export function identity(
  provider: SocialProvider,
  subject: string,
  overrides: Partial<SocialIdentity> = {},
): SocialIdentity {
  return {
    ...identityOf(provider, subject, { firstName: 'Aziz', lastName: 'Karimov', display: `${provider}:${subject}` }),
    ...overrides,
  };
}

export interface FakeProviders {
  clients: ProviderClients;
  /** What the provider will vouch for when it is handed `credential` (a code, a token, Telegram's `id`). */
  vouch(credential: string, who: SocialIdentity): void;
  /** The flow secrets each identify() call was given, in order. */
  seen: { provider: SocialProvider; input: CallbackInput; flow: FlowSecrets }[];
}

function credentialOf(input: CallbackInput): string {
  if (input.kind === 'access_token') return input.accessToken;
  if (input.kind === 'code') return input.code;
  return input.fields.id ?? '';
}

export function fakeProviders(offered: readonly SocialProvider[] = SOCIAL_PROVIDERS): FakeProviders {
  const vouched = new Map<string, SocialIdentity>();
  const seen: FakeProviders['seen'] = [];
  const clients: ProviderClients = {};
  for (const provider of offered) {
    const client: ProviderClient = {
      provider,
      authorizationUrl: (flow) =>
        `https://${provider}.provider.test/authorize?${new URLSearchParams({ state: flow.state, nonce: flow.nonce })}`,
      async identify(input, flow) {
        seen.push({ provider, input, flow });
        const who = vouched.get(`${provider}:${credentialOf(input)}`);
        if (!who) throw badRequest('social_token_invalid');
        return who;
      },
    };
    clients[provider] = client;
  }
  return {
    clients,
    seen,
    vouch: (credential, who) => vouched.set(`${who.provider}:${credential}`, who),
  };
}

/** The binding cookie of a begin's answer, as the browser sends it back (`name=value`). */
export function bindingCookieOf(result: CallResult): string {
  const header = result.headers.getSetCookie().find((line) => /^[^=;]+_social_flow=/.test(line)) ?? '';
  const match = /^([^=;]+_social_flow)=([^;]*)/.exec(header);
  if (!match) throw new Error(`no binding cookie in ${header}`);
  return `${match[1]}=${match[2]}`;
}

export interface StartedFlow {
  state: string;
  cookie: string;
  url: string;
}

/** POST {Path}/Login/ as the SPA does, with the browser's cookie if it has one. */
export async function startFlow(
  server: TestServer,
  provider: SocialProvider,
  options: { link?: boolean; token?: string; cookie?: string; popup?: boolean } = {},
): Promise<StartedFlow> {
  const body: Record<string, boolean> = {};
  if (options.link !== undefined) body.link = options.link;
  if (options.popup !== undefined) body.popup = options.popup;
  const started = await server.post(`${SOCIAL}/${SOCIAL_PATH_NAMES[provider]}/Login/`, body, {
    ...(options.token ? { token: options.token } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  expect(started.status, started.text).toBe(200);
  const url = new URL(started.json.url as string);
  return { state: url.searchParams.get('state') ?? '', cookie: bindingCookieOf(started), url: started.json.url };
}

/** The SPA's callback call for `provider` with what the provider handed back. */
export async function finishFlow(
  server: TestServer,
  provider: SocialProvider,
  flow: { state: string; cookie: string },
  credential: string,
  extraHeaders: Record<string, string> = {},
): Promise<CallResult> {
  const headers = { ...extraHeaders, cookie: flow.cookie };
  switch (provider) {
    case 'google':
    case 'yandex':
      return server.post(
        `${SOCIAL}/${SOCIAL_PATH_NAMES[provider]}Login/`,
        { state: flow.state, access_token: credential },
        { headers },
      );
    case 'oneid':
      return server.post(`${SOCIAL}/IdGovUzLogin/`, { state: flow.state, token: credential }, { headers });
    case 'telegram':
      return server.call(
        'GET',
        `${SOCIAL}/TelegramLogin/?${new URLSearchParams({ id: credential, hash: 'abc', auth_date: '1', state: flow.state })}`,
        { headers },
      );
    case 'twitter':
      return server.post(`${SOCIAL}/Twitter/Callback/`, { state: flow.state, code: credential }, { headers });
    default:
      return server.post(
        `${SOCIAL}/${SOCIAL_PATH_NAMES[provider]}Login/`,
        { state: flow.state, code: credential },
        { headers },
      );
  }
}

/** A whole provider sign-in: begin, then the callback with `credential`. */
export async function signInWith(server: TestServer, provider: SocialProvider, credential: string, cookie?: string) {
  const flow = await startFlow(server, provider, cookie ? { cookie } : {});
  return { flow, result: await finishFlow(server, provider, flow, credential) };
}
