/** An OAuth authorization request of the demo partner, as a browser test sends and answers it. */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '../../server/src/demo-data.js';
import type { RunningKirish } from './running-kirish.js';
import type { ServerProcess } from './server-process.js';

const challenge = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

/**
 * An authorization request of the demo partner (RFC 6749 §4.1.1 with PKCE S256, RFC 7636 §4.3): its
 * client id and registered callback; `extra` adds or replaces parameters (another client, a state…).
 */
export function authorizationRequest(
  server: Pick<ServerProcess, 'demoOrigin'>,
  codeChallenge: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    client_id: DEMO_CLIENT_ID,
    redirect_uri: `${server.demoOrigin}/callback`,
    response_type: 'code',
    scope: 'openid profile',
    state: 'e2e-state',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** The consent page's path for the demo partner's authorization request, with `extra` parameters. */
export const oauthPath = (kirish: RunningKirish, extra: Record<string, string> = {}): string =>
  `/oauth?${new URLSearchParams(authorizationRequest(kirish.server, challenge(), extra)).toString()}`;

/** The consent page's address for the demo partner's authorization request, with `extra` parameters. */
export const oauthPage = (kirish: RunningKirish, extra: Record<string, string> = {}): string =>
  `${kirish.server.origin}${oauthPath(kirish, extra)}`;

/** The partner's callback, answered by the test: only the address it was sent to matters here. */
export async function callbackOf(kirish: RunningKirish, page: Page): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.origin === kirish.server.demoOrigin, { timeout: 15_000 });
  return new URL(page.url()).searchParams;
}

/** The partner's pages, answered by the test with a heading. */
export const stubPartner = (kirish: RunningKirish, page: Page) =>
  page.route(`${kirish.server.demoOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Partner</h1>' }),
  );
