/**
 * Accessibility (issue 12): axe-core finds no WCAG 2.1 A/AA violation on any main screen — signed
 * out (English at 1280 px, Russian at 375 px) and signed in, at both widths — nor in the widget's
 * frame on the demo partner. A rule axe cannot decide ("incomplete") is not a failure; a violation is.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { axeViolations as violations } from '../support/axe.js';
import { newPageFor } from '../support/browser.js';
import { signInWithPassword, text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');

const SIGNED_OUT = ['/login', '/register', '/reset-password', '/no-such-page', '/developers/guide'];
const SIGNED_IN = [
  '/',
  '/personal',
  '/personal/edit',
  '/personal/edit/name',
  '/personal/edit/photo',
  '/personal/address',
  '/security',
  '/security/user-data/password/',
  '/security/active-sessions/',
  '/security/login-methods/',
  '/security/user-data/email',
  '/developers',
  '/developers/new',
];

/** Waits until the screen has rendered its heading (the lazy screen and its data have arrived). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

describe.each([
  { width: 1280, locale: 'en-US' },
  { width: 375, locale: 'ru-RU' },
])('axe at $width px ($locale)', ({ width, locale }) => {
  it('finds nothing on the signed-out screens', async () => {
    const { page, context } = await newPageFor(kirish.browser, { width, locale });
    const found: string[] = [];
    for (const path of SIGNED_OUT) {
      await page.goto(`${kirish.server.origin}${path}`);
      await settled(page);
      found.push(...(await violations(page)).map((line) => `${path} ${line}`));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  // Signed in through the English form at both widths; the languages are compared signed out and in the widget.
  it('finds nothing on the signed-in screens (English)', async () => {
    const { page, context } = await newPageFor(kirish.browser, { width, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.waitForURL((url) => url.pathname === '/');
    const found: string[] = [];
    for (const path of SIGNED_IN) {
      await page.goto(`${kirish.server.origin}${path}`);
      await settled(page);
      found.push(...(await violations(page)).map((line) => `${path} ${line}`));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  it('finds nothing in the widget on the demo partner', async () => {
    const { page, context } = await newPageFor(kirish.browser, { width, locale });
    await page.goto(kirish.server.demoOrigin);
    await page
      .frameLocator('#script-tag-widget iframe')
      .getByRole('heading', { name: locale === 'en-US' ? text('login_title') : undefined })
      .first()
      .waitFor({ timeout: 20_000 });
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${kirish.server.origin}/embed`));
    expect(frame).toBeDefined();
    const found = frame ? await violations(frame) : [];
    await context.close();
    expect(found).toEqual([]);
  });
});
