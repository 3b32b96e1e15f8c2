/**
 * Issue 36, /login/mobile-twitter and /login/mobile-telegram in Chromium against the built server and its
 * stand-in: a phone app's in-app browser signs in with the provider, the new account confirms its phone
 * (docs/product.md §4), the consent step authorizes the demo
 * phone app (RFC 8252), and the browser is sent to the app's loopback redirect URI with a code and the state
 * (caught by page.route, as the app's listener would take it); the code, with the app's PKCE verifier,
 * buys tokens at the token endpoint. A cancel at the provider's page sends the app access_denied with its
 * state at its own scheme (uz.kirish.demo:, seen as the navigation's request). A redirect URI the app did not register is the error page, and nothing goes anywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { newPageFor } from '../support/browser.js';
import { codeBox, national, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();

const APP_ID = 'kirish-demo-app';
const APP_REDIRECT = 'http://127.0.0.1:8765/oauth';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The phone app's address for the page: its request, as docs/partners.md (Phone apps) writes it. */
function appAddress(route: string, challenge: string, state: string, redirectUri = APP_REDIRECT): string {
  const query = new URLSearchParams({
    client_id: APP_ID,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  return `${kirish.server.origin}${route}?${query.toString()}`;
}

/** Every request to the app's loopback port, answered as the app's listener would. */
async function appListener(page: Page): Promise<string[]> {
  const reached: string[] = [];
  await page.route('http://127.0.0.1:8765/**', (route) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'Back in the app.' });
  });
  return reached;
}

/** The demo phone app's own scheme (RFC 8252 §7.1), as registered for kirish-demo-app. */
const APP_SCHEME_REDIRECT = 'uz.kirish.demo:/oauth';

/**
 * Every address of the app's own scheme the page is sent to. Chromium hands such an address to the system (the
 * app would open); Playwright still sees the navigation's request, which is how the test takes the app's answer.
 */
function appSchemeListener(page: Page): string[] {
  const reached: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('uz.kirish.demo:')) reached.push(request.url());
  });
  return reached;
}

const redeem = (code: string, verifier: string) =>
  fetch(`${kirish.server.origin}/sso/api/v1/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_REDIRECT,
      client_id: APP_ID,
      code_verifier: verifier,
    }).toString(),
  });

describe("a phone app's sign-in with a provider (/login/mobile-*)", () => {
  it.each([
    ['/login/mobile-twitter', 'twitter'],
    ['/login/mobile-telegram', 'telegram'],
  ])('%s: the stand-in, consent, and a code for the app that its verifier redeems', async (route, provider) => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    const reached = await appListener(page);
    const { verifier, challenge } = pkce();
    const state = `st-${provider}`;
    await page.goto(appAddress(route, challenge, state));

    await page.waitForURL((url) => url.href.startsWith(`${kirish.server.standinOrigin}/${provider}`));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // A new account confirms its phone before the app is given it (docs/product.md §4; the server refuses
    // an authorization for it meanwhile), and the app's request waits in the tab for that.
    await waitForHeading(page, text('confirm_phone_title'));
    expect(reached).toEqual([]);
    const phone = provider === 'twitter' ? '+998935559901' : '+998935559902';
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await codeBox(page).fill(await latestCode(kirish.server.origin, phone));

    await waitForHeading(page, text('consent_title', { app: 'Bozor app' }));
    expect(reached).toEqual([]);
    await page.getByRole('button', { name: text('consent_allow') }).click();
    await page.waitForURL((url) => url.href.startsWith(APP_REDIRECT));

    expect(reached).toHaveLength(1);
    const answer = new URL(reached[0] ?? '');
    expect(`${answer.origin}${answer.pathname}`).toBe(APP_REDIRECT);
    expect(answer.searchParams.get('state')).toBe(state);
    expect(answer.searchParams.get('iss')).toBe(kirish.server.origin);
    expect(answer.hash).toBe('');
    expect([...answer.searchParams.keys()].toSorted()).toEqual(['code', 'iss', 'state']);
    // The kept request was used once: nothing of it is left in the tab.
    expect(await page.evaluate(() => sessionStorage.getItem('mobileAppRequest'))).toBeNull();

    const tokens = await redeem(answer.searchParams.get('code') ?? '', verifier);
    expect(tokens.status).toBe(200);
    const body = (await tokens.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid' });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.id_token).toBe('string');

    // Signed in to Kirish in this tab now, the page still runs the provider's sign-in: its check of the
    // request sends no token, so the server does not answer it with a silent code.
    await page.goto(appAddress(route, pkce().challenge, 'st-again'));
    await page.waitForURL((url) => url.href.startsWith(`${kirish.server.standinOrigin}/${provider}`));
    expect(reached).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['/login/mobile-twitter', 'twitter'],
    ['/login/mobile-telegram', 'telegram'],
  ])(
    '%s: the person cancels at the provider, and the app hears access_denied with its state',
    async (route, provider) => {
      const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
      const reached = appSchemeListener(page);
      const state = `st-cancel-${provider}`;
      await page.goto(appAddress(route, pkce().challenge, state, APP_SCHEME_REDIRECT));

      await page.waitForURL((url) => url.href.startsWith(`${kirish.server.standinOrigin}/${provider}`));
      const toApp = page.waitForRequest((request) => request.url().startsWith(APP_SCHEME_REDIRECT));
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await toApp;

      // RFC 6749 §4.1.2.1 at the address the server verified, with the issuer (RFC 9207); no code, no Login.
      expect(reached).toHaveLength(1);
      const answer = new URL(reached[0] ?? '');
      expect(`${answer.protocol}${answer.pathname}`).toBe(APP_SCHEME_REDIRECT);
      expect(Object.fromEntries(answer.searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'The user denied the request',
        state,
        iss: kirish.server.origin,
      });
      expect(await page.evaluate(() => sessionStorage.getItem('mobileAppRequest'))).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(['/login/mobile-twitter', '/login/mobile-telegram'])(
    '%s: a redirect URI the app did not register is the error page, and nothing is sent anywhere',
    async (route) => {
      const { page, context } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
      const reached = await appListener(page);
      const standin: string[] = [];
      await page.route(`${kirish.server.standinOrigin}/**`, (request) => {
        standin.push(request.request().url());
        return request.abort();
      });
      await page.goto(appAddress(route, pkce().challenge, 'st-wrong', 'http://127.0.0.1:8765/other'));

      await waitForHeading(page, text('oauth_error_title'));
      await expect(page.getByRole('alert').textContent()).resolves.toBe(text('invalid_redirect_uri'));
      expect(new URL(page.url()).pathname).toBe(route);
      expect([reached, standin]).toEqual([[], []]);
      await context.close();
    },
  );

  it.each(['uz', 'uzc', 'kaa', 'ru', 'en'])(
    'finds nothing for axe on the check of the request and the error page (%s, 375 px)',
    async (locale) => {
      const found: string[] = [];
      const open = async (label: string, address: string, ready: (page: Page) => Promise<void>, hold = false) => {
        const { page, context } = await newPageFor(kirish.browser, { width: 375 });
        await context.addCookies([{ name: '_locale', value: locale, url: kirish.server.origin }]);
        // The server's verdict held back: the page stays on its check.
        if (hold) await page.route('**/sso/api/v1/oauth/authorize/', () => undefined);
        await page.goto(address);
        await ready(page);
        found.push(...(await axeViolations(page)).map((line) => `${label} ${line}`));
        await context.close();
      };
      await open(
        'check',
        appAddress('/login/mobile-twitter', pkce().challenge, 'st-axe'),
        (page) => page.locator('.social-status').waitFor(),
        true,
      );
      await open(
        'error',
        appAddress('/login/mobile-telegram', pkce().challenge, 'st-axe', 'http://127.0.0.1:8765/other'),
        (page) => page.getByRole('alert').waitFor(),
      );
      expect(found).toEqual([]);
    },
  );
});
