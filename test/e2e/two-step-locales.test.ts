/**
 * Issue 41's new screens in all five locales, at 375 px: the second step on Login, Security's two-step
 * page and the passkeys of Sign-in methods. Each is in its locale (the document's lang), shows no
 * catalogue key instead of a sentence, scrolls no sideways, and axe finds no violation. The sign-in
 * is made by the fields' roles and the keyboard, so no English label is needed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../server/src/contract/locales.js';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import kaa from '../../server/src/locales/kaa.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import uz from '../../server/src/locales/uz.json' with { type: 'json' };
import uzc from '../../server/src/locales/uzc.json' with { type: 'json' };
import { axeViolations } from '../support/axe.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { national } from '../support/flows.js';
import { phoneNumbers } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { totp, twoStepOverApi } from '../support/two-step.js';

const kirish = useRunningKirish();
const newPhone = phoneNumbers(905670000);
const PASSWORD = 'Two-step-locales-41!';
const CATALOGUES: Record<Locale, Record<string, string>> = { en, kaa, ru, uz, uzc };
/** The document's lang of each locale (src/lib/i18n.ts). */
const LANGUAGE_TAGS: Record<Locale, string> = { uz: 'uz-Latn', uzc: 'uz-Cyrl', kaa: 'kaa', ru: 'ru', en: 'en' };
/** Keys long and particular enough that finding one in a page's text means a sentence is missing. */
const KEYS = Object.keys(en).filter((key) => /^[a-z]+(_[a-z0-9]+){2,}$/.test(key));

async function looked(page: Page, locale: Locale, name: string): Promise<string[]> {
  const found: string[] = [];
  expect(await page.locator('html').getAttribute('lang'), name).toBe(LANGUAGE_TAGS[locale]);
  const shown = await page.locator('body').innerText();
  found.push(...KEYS.filter((key) => shown.includes(key)).map((key) => `${name}: the key ${key} shown`));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (wide) found.push(`${name}: scrolls sideways`);
  found.push(...(await axeViolations(page)).map((line) => `${name}: ${line}`));
  await saveScreenshot(page, `two-step-${name}-${locale}-375`);
  return found;
}

describe("issue 41's screens in five locales", () => {
  it.each(LOCALES)('%s: the second step, the two-step page and the passkeys', async (locale) => {
    const t = CATALOGUES[locale];
    const account = await twoStepOverApi(kirish.server.origin, newPhone(), PASSWORD);
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    // The `_locale` cookie settles the language whatever the browser asks for (docs/product.md §4).
    await context.addCookies([{ name: '_locale', value: locale, url: kirish.server.origin }]);
    await page.goto(`${kirish.server.origin}/login`);
    // The prerendered form works once its script has taken over (its submit is enabled then).
    await page.locator('form button[type=submit]:enabled').first().waitFor();
    await page.locator('input[autocomplete="username webauthn"]').fill(national(account.phone));
    await page.keyboard.press('Enter');
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: t.second_step_title, exact: true }).waitFor();
    const found = await looked(page, locale, 'second-step');

    // The app's code of the step after the one that turned it on (never a code twice, RFC 6238 §5.2).
    await page.locator('.code-boxes input').first().click();
    await page.keyboard.type(totp(account.secret, account.confirmedAt + 30_000));
    await page.waitForURL(`${kirish.server.origin}/`);

    await page.goto(`${kirish.server.origin}/security/two-step/`);
    await page.getByRole('heading', { name: t.security_two_step_title, exact: true }).waitFor();
    found.push(...(await looked(page, locale, 'security-page')));

    await page.goto(`${kirish.server.origin}/security/login-methods/`);
    await page.getByRole('region', { name: t.passkeys_title }).waitFor();
    found.push(...(await looked(page, locale, 'passkeys')));

    expect(found).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
