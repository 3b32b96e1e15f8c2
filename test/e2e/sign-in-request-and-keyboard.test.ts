/**
 * What the account site sends with a sign-in (docs/product.md §7) and a sign-in by keyboard alone, in
 * Debian's Chromium against the built server on a fresh database (issue 3; split from auth-flows.test.ts).
 */
import { describe, expect, it } from 'vitest';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { continueWith, expectHome, national, text, waitForHeading, waitForLive } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { usePagePool } from '../support/page-pool.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);

describe('what the site sends with a sign-in (docs/product.md §7)', () => {
  it('keeps kirishSource in its cookie and sends it, the device id and the language with the sign-in', async () => {
    const { page, context } = await freshPage();
    await page.goto(`${kirish.server.origin}/login?kirishSource=bozor-app&language=ru`);
    await waitForHeading(page, ru.login_title);
    // Both were read once and kept (the cookie, the locale): they leave the address (issue 12).
    await page.waitForURL((url) => url.search === '');
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.kirish_source?.value).toBe('bozor-app');
    // docs/product.md §9: the {product}Source cookie lives one day.
    expect((cookies.kirish_source?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((cookies.kirish_source?.expires ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await page.waitForFunction(() => document.cookie.includes('cmmtuuid='));

    await continueWith(page, national(DEMO_ACCOUNT.phone), { say: (key) => ru[key as keyof typeof ru] });
    await page.getByLabel(ru.password_label, { exact: true }).fill(DEMO_ACCOUNT.password);
    const login = page.waitForRequest((request) => request.url().endsWith('/login/LoginUser/'));
    await page.getByRole('button', { name: ru.sign_in, exact: true }).click();
    const headers = (await login).headers();
    const deviceCookie = (await context.cookies()).find((cookie) => cookie.name === 'cmmtuuid')?.value;
    expect(headers).toMatchObject({
      'kirish-source': 'bozor-app',
      source: 'web',
      'accept-language': 'ru',
      accept: 'application/json',
      'device-id': deviceCookie,
    });
    expect(headers.authorization).toBeUndefined();
    await waitForHeading(page, ru.home_greeting.replace('{{name}}', DEMO_ACCOUNT.firstName));
    await closeAll();
  });

  it('writes the language back into the address as lang for the mobile apps (isMobile=true)', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login?isMobile=true&language=ru`);
    await waitForHeading(page, ru.login_title);
    await page.waitForURL((url) => url.searchParams.get('lang') === 'ru');
    expect(new URL(page.url()).searchParams.get('isMobile')).toBe('true');
    // Without isMobile a lang parameter is dropped on arrival (docs/product.md §2 step 1).
    await page.goto(`${kirish.server.origin}/login?lang=ru`);
    await page.waitForURL((url) => !url.searchParams.has('lang'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await closeAll();
  });
});

describe('by keyboard alone', () => {
  it('signs in with Tab, typing and Enter, the focus always visible', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await waitForLive(page);
    // The phone-or-e-mail field has the focus on arrival.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await page.keyboard.type(national(DEMO_ACCOUNT.phone));
    await page.keyboard.press('Tab'); // "Remember me"
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox');
    await page.keyboard.press('Tab'); // Continue
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('continue'));
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    // The password of the account found has the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'current-password');
    await page.keyboard.type(DEMO_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await expectHome(page, DEMO_ACCOUNT.firstName);
    await closeAll();
  });
});
