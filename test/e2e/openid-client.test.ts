/**
 * Kirish against openid-client (panva), a certified OpenID relying party no one here wrote: what
 * a partner's back end does, step by step, with the real consent screen in Chromium in the middle.
 */
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { national, passwordSignIn, text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');

describe('openid-client against Kirish', () => {
  it('discovers, authorizes through the consent screen, redeems with PKCE, reads userinfo, refreshes and revokes', async () => {
    const issuer = new URL(kirish.server.origin);
    // Plain http on this machine only; discovery checks that the issuer is exactly this origin.
    const config = await oidc.discovery(issuer, 'kirish-demo', undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().issuer).toBe(kirish.server.origin);
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = `${kirish.server.demoOrigin}/callback`;
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile phone email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });

    // The browser part: sign in, consent, and land on the redirect URI (caught before the demo page
    // could use the code itself).
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    let callback: URL | undefined;
    await page.route(`${redirectUri}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<title>callback</title>' });
    });
    await page.goto(authorizationUrl.href);
    await page.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    await passwordSignIn(page, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password);
    await page.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    for (const scope of ['openid', 'profile', 'phone', 'email'])
      await page.getByText(text(`scope_${scope}`), { exact: true }).waitFor();
    await saveScreenshot(page, 'consent-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'consent-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: text('consent_allow'), exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    await context.close();
    expect(errors).toEqual([]);
    if (!callback) throw new Error('the browser never reached the redirect URI');
    expect(callback.searchParams.get('iss')).toBe(kirish.server.origin);
    expect(callback.searchParams.get('state')).toBe(state);

    // The back-end part: openid-client checks state, iss, PKCE and the ID token's nonce.
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: kirish.server.origin,
      aud: 'kirish-demo',
      nonce,
      given_name: DEMO_ACCOUNT.firstName,
    });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '');
    expect(info).toMatchObject({
      sub: claims?.sub,
      given_name: DEMO_ACCOUNT.firstName,
      family_name: DEMO_ACCOUNT.lastName,
      phone_number: DEMO_ACCOUNT.phone,
      email: DEMO_ACCOUNT.email,
    });

    // Refresh rotates: the new refresh token works, the old one is dead.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await oidc.fetchUserInfo(config, refreshed.access_token, claims?.sub ?? '')).toMatchObject({
      sub: claims?.sub,
    });

    // Revocation (RFC 7009) ends the grant's session: its tokens stop working at once.
    await oidc.tokenRevocation(config, refreshed.refresh_token ?? '');
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, claims?.sub ?? '')).rejects.toMatchObject({
      status: 401,
    });
  });
});
