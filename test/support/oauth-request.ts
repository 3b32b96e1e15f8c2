/** An OAuth authorization request of the demo partner, as a browser test sends and answers it. */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { RunningKirish } from './running-kirish.js';

const challenge = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

/** The consent page's address for the demo partner's authorization request, with `extra` parameters. */
export function oauthPage(kirish: RunningKirish, extra: Record<string, string>): string {
  const query = new URLSearchParams({
    client_id: 'kirish-demo',
    redirect_uri: `${kirish.server.demoOrigin}/callback`,
    response_type: 'code',
    scope: 'openid profile',
    state: 'e2e-state',
    code_challenge: challenge(),
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${kirish.server.origin}/oauth?${query.toString()}`;
}

/** The partner's callback, answered by the test: only the address it was sent to matters here. */
export async function callbackOf(kirish: RunningKirish, page: Page): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.origin === kirish.server.demoOrigin, { timeout: 15_000 });
  return new URL(page.url()).searchParams;
}

/** The partner's pages, answered by the test with a heading. */
export const stubPartner = (kirish: RunningKirish, page: Page) =>
  page.route(`${kirish.server.demoOrigin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Partner</h1>' }));
