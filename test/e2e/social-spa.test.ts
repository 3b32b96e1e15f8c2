/**
 * Issue 36, the account site's side of social sign-in, in Chromium over the built site: the providers'
 * row under the card, a provider's start and callback, the `integration` step, and axe in the five
 * locales. The SocialAuth answers are given by the test (page.route, as docs/social-sign-in.md and
 * server/src/contract/social.ts define them) until the server's endpoints are merged; the rest is the
 * real server.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS } from '../../server/src/contract/social.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor } from '../support/browser.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();

const INTEGRATION = {
  integration: {
    token: 'pending-link-1',
    provider: 'google',
    contact: 'az***@gmail.com',
    contact_type: 'email',
    has_password: true,
  },
};

const answer = (route: Route, body: unknown) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** The server offers every provider; Google's callback call answers the `integration` step. */
async function socialServer(page: Page): Promise<{ googleBodies: unknown[] }> {
  const googleBodies: unknown[] = [];
  await page.route('**/sso/api/v1/SocialAuth/providers/', (route) => answer(route, { providers: SOCIAL_PROVIDERS }));
  await page.route('**/sso/api/v1/SocialAuth/GoogleLogin/', (route) => {
    googleBodies.push(route.request().postDataJSON());
    return answer(route, INTEGRATION);
  });
  // Yandex's call is left unanswered: the page keeps saying it is signing in.
  await page.route('**/sso/api/v1/SocialAuth/YandexLogin/', () => undefined);
  return { googleBodies };
}

describe('social sign-in on the account site', () => {
  it('shows the offered providers below the card once they are known, the card never moving', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    let release!: () => void;
    const known = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/sso/api/v1/SocialAuth/providers/', async (route) => {
      await known;
      await answer(route, { providers: ['google', 'telegram', 'twitter'] });
    });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    const card = page.locator('.card').first();
    const before = await card.boundingBox();
    expect(await page.locator('.sign-in-options').count()).toBe(0);

    release();
    const row = page.getByRole('navigation', { name: text('sign_in_providers') });
    await row.getByRole('button', { name: text('social_continue_with', { provider: 'Google' }) }).waitFor();
    expect(await row.getByRole('button').allTextContents()).toEqual([
      'Continue with Google',
      'Continue with Telegram',
      'Continue with X',
    ]);
    expect(await card.boundingBox()).toEqual(before);
    const cardBottom = (before?.y ?? 0) + (before?.height ?? 0);
    expect((await row.boundingBox())?.y).toBeGreaterThanOrEqual(cardBottom);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a provider, reads its answer from the fragment, and asks to prove the existing account', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    const { googleBodies } = await socialServer(page);
    // The provider's page is skipped: the start answers the address the provider would send back to.
    await page.route('**/sso/api/v1/SocialAuth/Google/Login/', (route) =>
      answer(route, { url: `${kirish.server.origin}/oauth/google#access_token=ya29.t&token_type=Bearer&state=st-1` }),
    );
    await page.goto(`${kirish.server.origin}/register`);
    await page.getByRole('button', { name: text('social_continue_with', { provider: 'Google' }) }).click();

    await waitForHeading(page, text('integration_title', { provider: 'Google' }));
    expect(googleBodies).toHaveLength(1);
    expect(googleBodies[0]).toMatchObject({ access_token: 'ya29.t', state: 'st-1' });
    await expect(
      page.getByText(text('integration_text_email', { contact: 'az***@gmail.com', provider: 'Google' })).count(),
    ).resolves.toBe(1);
    await expect(page.getByLabel(text('password_label'), { exact: true }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: text('cancel'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['uz', 'uzc', 'kaa', 'ru', 'en'])(
    'finds nothing for axe on the row, the callback’s status and the integration step (%s, 375 px)',
    async (locale) => {
      const { page, context } = await newPageFor(kirish.browser, { width: 375 });
      await context.addCookies([{ name: '_locale', value: locale, url: kirish.server.origin }]);
      await socialServer(page);
      const found: string[] = [];
      await page.goto(`${kirish.server.origin}/login`);
      await page.locator('.sign-in-options button').first().waitFor();
      found.push(...(await axeViolations(page)).map((line) => `/login ${line}`));
      await page.goto(`${kirish.server.origin}/oauth/yandex#access_token=t&state=s`);
      await page.locator('.social-status').waitFor();
      found.push(...(await axeViolations(page)).map((line) => `status ${line}`));
      await page.goto(`${kirish.server.origin}/oauth/google#access_token=t&state=s`);
      await page.locator('.integration-title').waitFor();
      found.push(...(await axeViolations(page)).map((line) => `integration ${line}`));
      await context.close();
      expect(found).toEqual([]);
    },
  );
});
