/**
 * The stand-in identity provider for a test file: served on a free port with a hand-moved clock, the
 * development clients of docs/social-sign-in.md plus a second app per provider (`other-{provider}`, for
 * token substitution), and the steps a client and a person take through its pages, over real HTTP.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { startStandin, type RunningStandin } from '../standin/standin.js';
import { developmentClients, type StandinClient, type StandinClients } from '../standin/options.js';

export const KIRISH = 'http://127.0.0.1:8080';
export const OTHER_APP = 'https://other.example';

/** Kirish's Apple key (the client secret's signer) and a key Apple never registered. */
export const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
export const strangerKey: { privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

const other = (provider: string): StandinClient => ({
  clientId: `other-${provider}`,
  clientSecret: `other-${provider}-secret`,
  redirectUris: [`${OTHER_APP}/callback`],
});

function withOtherApps(clients: StandinClients): StandinClients {
  const plus = (provider: 'google' | 'yandex' | 'vk' | 'facebook' | 'oneid' | 'twitter') => [
    ...(clients[provider] ?? []),
    other(provider),
  ];
  return {
    ...clients,
    google: plus('google'),
    yandex: plus('yandex'),
    vk: plus('vk'),
    facebook: plus('facebook'),
    oneid: plus('oneid'),
    twitter: plus('twitter'),
  };
}

export interface StandinUnderTest {
  origin(): string;
  clock: ManualClock;
}

export function useStandin(): StandinUnderTest {
  const clock = createManualClock();
  let running: RunningStandin | undefined;
  beforeAll(async () => {
    const publicKeyPem = appleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    running = await startStandin(0, { clock, clients: withOtherApps(developmentClients(KIRISH, publicKeyPem)) });
  });
  afterAll(() => running?.stop());
  return { origin: () => running!.origin, clock };
}

/** Fetches without following redirects, as a test needs to see each leg. */
export function fetchManual(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', ...init });
}

/**
 * The person's part: opens the authorization page (which must show the stand-in's label), then posts
 * its form with `fields` (default: the first preset, Continue). Answers the consent POST's response.
 */
export async function consent(
  origin: string,
  provider: string,
  authorizeUrl: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const page = await fetchManual(authorizeUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('Kirish stand-in for');
  return fetchManual(`${origin}/${provider}/standin/consent`, {
    method: 'POST',
    body: new URLSearchParams({
      request: new URL(authorizeUrl).search.slice(1),
      identity: 'dilnoza',
      action: 'continue',
      ...fields,
    }),
  });
}

/** The parameters a redirect carries, in its query or its fragment. */
export function answerOf(response: Response, where: 'query' | 'fragment'): URLSearchParams {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  return where === 'query' ? location.searchParams : new URLSearchParams(location.hash.slice(1));
}

/** A JSON body, to read fields of. */
export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** `{KIRISH}/oauth/{provider}`: the redirect URI of Kirish's development client. */
export const redirectUri = (provider: string) => `${KIRISH}/oauth/${provider}`;
