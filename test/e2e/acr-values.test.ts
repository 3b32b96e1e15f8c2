/**
 * An app asking for two-step verification (`acr_values`, docs/partners.md) of an account that has
 * none: the consent page says so, links to the setup, is clean under axe at 1280 and 375 px, and
 * Cancel, by keyboard, answers the app `unmet_authentication_requirements` at its redirect URI.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { national, passwordSignIn, text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');
const MFA = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

describe('acr_values asking for a second factor', () => {
  it('shows the two-step page to an account without one, and Cancel tells the app', async () => {
    const discovery = await fetch(`${kirish.server.origin}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { acr_values_supported: string[] }).acr_values_supported).toEqual([MFA]);

    const redirectUri = `${kirish.server.demoOrigin}/callback`;
    const query = new URLSearchParams({
      client_id: 'kirish-demo',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 'st-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      acr_values: MFA,
    });
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    let callback: URL | undefined;
    await page.route(`${redirectUri}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<title>callback</title>' });
    });
    await page.goto(`${kirish.server.origin}/oauth?${query}`);
    await page.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    await passwordSignIn(page, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password);
    const title = text('consent_two_step_title', { app: DEMO_CLIENT_NAME });
    await page.getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 20_000 });
    const setUp = page.getByRole('link', { name: text('consent_two_step_set_up'), exact: true });
    expect(await setUp.getAttribute('href')).toBe('/security/two-step/');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'acr-two-step-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'acr-two-step-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: text('cancel'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    await context.close();
    expect(errors).toEqual([]);
    expect(callback?.searchParams.get('error')).toBe('unmet_authentication_requirements');
    expect(callback?.searchParams.get('state')).toBe('st-1');
  });
});
