/**
 * The demo partner app (kirish-demo) let in for a signed-in account by the code flow with PKCE, as
 * its page would after the consent screen — for tests of what happens to an app's session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '../../server/src/demo-data.js';
import { authorizationRequest } from './oauth-request.js';
import type { ServerProcess } from './server-process.js';

/**
 * Lets an app in for the page's account by the code flow with PKCE, as the app's server would after the
 * consent screen (the page's own access token authorizes): the app's token response.
 */
export async function letAppIn(
  server: ServerProcess,
  page: Page,
  app: { clientId: string; redirectUri: string },
): Promise<{ access_token: string; id_token: string }> {
  const access = await page.evaluate(() => localStorage.getItem('active_session'));
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = await fetch(`${server.origin}/sso/api/v1/oauth/authorize/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...authorizationRequest(server, challenge, {
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        state: 'e2e',
      }),
      consent: 'allow',
    }),
  });
  const code =
    new URL(((await authorize.json()) as { redirect_uri: string }).redirect_uri).searchParams.get('code') ?? '';
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: app.redirectUri,
    client_id: app.clientId,
    code_verifier: verifier,
  });
  const token = await fetch(`${server.origin}/sso/api/v1/oauth/token/`, { method: 'POST', body: form });
  return (await token.json()) as { access_token: string; id_token: string };
}

/** Lets the demo app in for the page's account and returns the app's access token. */
export async function letDemoAppIn(server: ServerProcess, page: Page): Promise<string> {
  return (await letAppIn(server, page, { clientId: DEMO_CLIENT_ID, redirectUri: `${server.demoOrigin}/callback` }))
    .access_token;
}

/** The status the userinfo endpoint answers the app's access token with: 200 while its session lives. */
export async function appUserinfoStatus(server: ServerProcess, accessToken: string): Promise<number> {
  return (
    await fetch(`${server.origin}/sso/api/v1/oauth/userinfo/`, { headers: { Authorization: `Bearer ${accessToken}` } })
  ).status;
}
