/**
 * The demo partner app (kirish-demo) let in for a signed-in account by the code flow with PKCE, as
 * its page would after the consent screen — for tests of what happens to an app's session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ServerProcess } from './server-process.js';

/** Authorizes the demo app with the page's own access token and returns the app's access token. */
export async function letDemoAppIn(server: ServerProcess, page: Page): Promise<string> {
  const access = await page.evaluate(() => localStorage.getItem('active_session'));
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${server.demoOrigin}/callback`;
  const authorize = await fetch(`${server.origin}/sso/api/v1/oauth/authorize/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: 'kirish-demo',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 'e2e',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      consent: 'allow',
    }),
  });
  const code = new URL(((await authorize.json()) as { redirect_uri: string }).redirect_uri).searchParams.get('code') ?? '';
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'kirish-demo', code_verifier: verifier });
  const token = await fetch(`${server.origin}/sso/api/v1/oauth/token/`, { method: 'POST', body: form });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The status the userinfo endpoint answers the app's access token with: 200 while its session lives. */
export async function appUserinfoStatus(server: ServerProcess, accessToken: string): Promise<number> {
  return (await fetch(`${server.origin}/sso/api/v1/oauth/userinfo/`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;
}
