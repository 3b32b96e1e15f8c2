/**
 * Signing up and in on the account site, in Debian's Chromium against the built server on a fresh
 * database: what a newcomer does after `npm start` (issue 3, "Done means").
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ru from '../../server/src/features/translations/locales/ru.json' with { type: 'json' };
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { newPageFor, saveScreenshot, type TestPage } from '../support/browser.js';
import { EN, expectHome, national, registerByPhone, signInWithPassword, signOutFromHome, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { freePort } from '../support/server-process.js';

const kirish = useRunningKirish();
const open: TestPage[] = [];

/** A fresh browser profile in English; every page must finish without console errors. */
async function freshPage(width = 1280): Promise<TestPage> {
  const page = await newPageFor(kirish.browser, { width, locale: 'en-US' });
  open.push(page);
  return page;
}

async function closeAll(): Promise<void> {
  for (const { context, errors } of open.splice(0)) {
    await context.close();
    expect(errors).toEqual([]);
  }
}

let phoneSeed = 905550000;
/** A phone number no other test uses, so no code cooldown is shared between tests. */
function newPhone(): string {
  phoneSeed += 1;
  return `+998${phoneSeed}`;
}

describe('a newcomer on the account site', () => {
  it('registers by phone with the code from the dev outbox and lands on Home', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Dilnoza', lastName: 'Rahimova', password: 'Chorsu-bozori-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('main').innerText()).toContain('+998 90 555 00 01');
    // The Home screen links every section.
    for (const key of ['section_personal', 'section_security', 'section_sessions', 'section_payments', 'section_reviews', 'section_help']) {
      const link = page.getByRole('main').getByRole('link', { name: `${text(key)} ${text(`${key}_hint`)}`, exact: true });
      expect(await link.count(), key).toBe(1);
    }
    await closeAll();
  });

  it('registers by phone with an e-mail too, which the profile then holds', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Sardor', lastName: 'Aliyev', password: 'Amir-Temur-xiyoboni-26', email: 'sardor.aliyev@example.uz' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    const profile = await page.evaluate(async () => {
      const response = await fetch('/sso/api/v1/user/MyProfile', { headers: { Authorization: `Bearer ${localStorage.getItem('active_session')}` } });
      return (await response.json()) as { phone: string; email: string };
    });
    expect(profile).toMatchObject({ phone: account.phone, email: account.email });
    await closeAll();
  });

  it('resets a forgotten password with a code, then signs in with the new one', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Nodira', lastName: 'Qodirova', password: 'Eski-parol-Xiva-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    await signOutFromHome(page);

    await page.getByRole('link', { name: text('forgot_password'), exact: true }).click();
    await waitForHeading(page, text('reset_title'));
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(account.phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await page.getByLabel(text('code_label'), { exact: true }).fill(await latestCode(kirish.server.origin, account.phone));
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    const newPassword = 'Yangi-parol-Termiz-2026';
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('password_changed'), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await signInWithPassword(page, account.phone, account.password);
    await page.getByText(text('invalid_credentials'), { exact: true }).waitFor();
    await page.getByLabel(text('password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await expectHome(page, account.firstName);
    await closeAll();
  });

  it('signs out, then back in with the password, then with a one-time code', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Jasur', lastName: 'Toshev', password: 'Registon-maydoni-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);

    await signOutFromHome(page);
    await waitForHeading(page, text('login_title'));
    expect(await page.evaluate(() => [localStorage.getItem('active_session'), localStorage.getItem('active_re_session')])).toEqual([null, null]);
    // Signed out, Home is closed: the guard sends the visitor to Login.
    await page.goto(`${kirish.server.origin}/`);
    await waitForHeading(page, text('login_title'));
    expect(new URL(page.url()).pathname).toBe('/login');

    await signInWithPassword(page, account.phone, account.password);
    await expectHome(page, account.firstName);
    await signOutFromHome(page);
    await waitForHeading(page, text('login_title'));

    await page.getByRole('button', { name: text('sign_in_with_code'), exact: true }).click();
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(account.phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    const code = page.getByLabel(text('code_label'), { exact: true });
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // The code-sent toast, and the resend countdown.
    await page.getByText(text('code_send_to_phone', { to: `+998 90 *** ** ${account.phone.slice(-2)}` })).waitFor();
    await page.getByText(/\d:\d\d/).first().waitFor();
    await code.fill(await latestCode(kirish.server.origin, account.phone));
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await expectHome(page, account.firstName);
    await closeAll();
  });

  it('is told in a sentence, beside the password, that the password is wrong', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, 'not-the-password-2026');
    const field = page.getByLabel(text('password_label'), { exact: true });
    await page.getByText(text('invalid_credentials'), { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText()).toBe(text('invalid_credentials'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await closeAll();
  });

  it('switches between two accounts of this device without a password', async () => {
    const { page } = await freshPage();
    const first = { phone: newPhone(), firstName: 'Malika', lastName: 'Yusupova', password: 'Bibi-Xonim-2026-bahor' };
    await registerByPhone(page, kirish.server.origin, first);
    await expectHome(page, first.firstName);

    // A second account on the same device: the chooser offers "another account".
    await page.getByRole('button', { name: text('choose_account'), exact: true }).click();
    await waitForHeading(page, text('choose_account'));
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // Both are listed; picking the first resumes it with no password asked.
    await page.getByRole('button', { name: text('choose_account'), exact: true }).click();
    await waitForHeading(page, text('choose_account'));
    const accounts = page.locator('.account-list button');
    expect(await accounts.count()).toBe(2);
    await page.getByRole('button', { name: new RegExp(`${first.firstName} ${first.lastName}`) }).click();
    await expectHome(page, first.firstName);
    await page.getByRole('button', { name: text('choose_account'), exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`) }).click();
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // Signing one out takes it off the list; Login says who left and offers the other (SPEC §3 step logout).
    await signOutFromHome(page);
    await waitForHeading(page, text('signed_out_of', { name: `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}` }));
    await page.getByText(text('signed_out_choose'), { exact: true }).waitFor();
    expect(await accounts.count()).toBe(1);
    expect(await accounts.first().innerText()).toContain(`${first.firstName} ${first.lastName}`);
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).waitFor();
    await closeAll();
  });

  it('switches the site to Russian from the language switcher', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await page.getByLabel(text('choose_language'), { exact: true }).selectOption('ru');
    await waitForHeading(page, ru.login_title);
    expect(await page.getByRole('button', { name: ru.sign_in, exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('locale'), document.cookie.includes('_locale=ru')])).toEqual(['ru', 'ru', true]);
    // It is remembered: a reload stays in Russian.
    await page.reload();
    await waitForHeading(page, ru.login_title);
    // And the `language` query switches it too.
    await page.goto(`${kirish.server.origin}/login?language=en`);
    await waitForHeading(page, EN.login_title ?? '');
    await closeAll();
  });
});

describe('what the site sends with a sign-in (SPEC §7)', () => {
  it('keeps kirishSource in its cookie and sends it, the device id and the language with the sign-in', async () => {
    const { page, context } = await freshPage();
    await page.goto(`${kirish.server.origin}/login?kirishSource=bozor-app&language=ru`);
    await waitForHeading(page, ru.login_title);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.kirish_source?.value).toBe('bozor-app');
    // SPEC §9: the {product}Source cookie lives one day.
    expect((cookies.kirish_source?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((cookies.kirish_source?.expires ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await page.waitForFunction(() => document.cookie.includes('cmmtuuid='));

    await page.getByLabel(ru.phone_label, { exact: true }).fill(national(DEMO_ACCOUNT.phone));
    await page.getByLabel(ru.password_label, { exact: true }).fill(DEMO_ACCOUNT.password);
    const login = page.waitForRequest((request) => request.url().endsWith('/login/LoginUser/'));
    await page.getByRole('button', { name: ru.sign_in, exact: true }).click();
    const headers = (await login).headers();
    const deviceCookie = (await context.cookies()).find((cookie) => cookie.name === 'cmmtuuid')?.value;
    expect(headers).toMatchObject({ 'kirish-source': 'bozor-app', source: 'web', 'accept-language': 'ru', accept: 'application/json', 'device-id': deviceCookie });
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
    // Without isMobile a lang parameter is dropped on arrival (SPEC §2 step 1).
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
    // The phone field has the focus on arrival.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    await page.keyboard.type(national(DEMO_ACCOUNT.phone));
    await page.keyboard.press('Tab'); // "Use e-mail"
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('use_email'));
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type(DEMO_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await expectHome(page, DEMO_ACCOUNT.firstName);
    await closeAll();
  });
});

describe('a deactivated account (SPEC §6)', () => {
  it('is held on DeletedAccount, may still see the sign-in pages, and signs out from there', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Bekzod', lastName: 'Nazarov', password: 'Qarshi-shahri-2026-kuz' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    // No screen deactivates an account yet (the security issue builds it): set the flag directly.
    const db = new Database(kirish.databasePath);
    try {
      db.pragma('busy_timeout = 5000');
      expect(db.prepare('UPDATE users SET is_inactivated = 1 WHERE phone = ?').run(account.phone).changes).toBe(1);
    } finally {
      db.close();
    }

    await page.reload();
    await waitForHeading(page, text('deleted_account_title'));
    expect(new URL(page.url()).pathname).toBe('/deleted-account');
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, text('deleted_account_title'));
    expect(new URL(page.url()).pathname).toBe('/deleted-account');
    await page.goto(`${kirish.server.origin}/register`);
    await waitForHeading(page, text('register_title'));

    await page.goto(`${kirish.server.origin}/deleted-account`);
    await waitForHeading(page, text('deleted_account_title'));
    await page.getByRole('main').getByRole('button', { name: text('sign_out'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    // Signed out, the page for deactivated users is closed to the visitor.
    await page.goto(`${kirish.server.origin}/deleted-account`);
    await waitForHeading(page, text('login_title'));
    await closeAll();
  });
});

describe('pages open to everyone', () => {
  it('shows the build on /version and a 404 page with a way home for an unknown path', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/version`);
    await waitForHeading(page, text('version_title'));
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await page.getByTestId('version').innerText()).toBe(version);
    expect(await page.getByTestId('commit').innerText()).toMatch(/^([0-9a-f]{7,}|unknown)$/);

    await page.goto(`${kirish.server.origin}/no/such/page`);
    await waitForHeading(page, text('not_found_title'));
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await page.getByRole('link', { name: text('go_home'), exact: true }).click();
    // Home needs a signed-in user: the guard sends a visitor on to Login.
    await waitForHeading(page, text('login_title'));
    await closeAll();
  });
});

describe('returning to a site after signing in', () => {
  let partner: Server;
  let partnerOrigin: string;

  beforeAll(async () => {
    const port = await freePort();
    partner = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Partner</h1>'));
    await new Promise<void>((resolve) => partner.listen(port, '127.0.0.1', resolve));
    partnerOrigin = `http://localhost:${port}`;
  });

  afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

  it('follows an own-domain return path, handing over the refresh token, SSO id and device id in the fragment', async () => {
    const { page } = await freshPage();
    const target = `${partnerOrigin}/welcome?from=kirish`;
    await page.goto(`${kirish.server.origin}/login?returnPath=${encodeURIComponent(target)}`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.waitForURL((url) => url.origin === partnerOrigin, { timeout: 15_000 });
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search).toBe('/welcome?from=kirish');
    const handOff = new URLSearchParams(landed.hash.slice(1));
    expect(handOff.get('refresh')).toMatch(/^[\w-]{40,}$/);
    expect(handOff.get('sso_id')).toMatch(/^[\w-]{8,}$/);
    expect(handOff.get('device_id')).toBeTruthy();
    // The query, which servers and logs see, carries no token.
    expect(landed.search).not.toContain(handOff.get('refresh') ?? '');
    await closeAll();
  });

  it('refuses a foreign return path with a toast and goes Home instead', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login?returnPath=${encodeURIComponent('https://kirish.uz.evil.example/steal')}`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);
    await page.getByText(text('invalid_return_path'), { exact: true }).waitFor();
    expect(new URL(page.url()).origin).toBe(kirish.server.origin);
    expect(page.url()).not.toContain('evil');
    await closeAll();
  });
});

describe('screenshots', () => {
  for (const width of [1280, 375]) {
    it(`of Login, Register and Home at ${width} px`, async () => {
      const { page } = await freshPage(width);
      await page.goto(`${kirish.server.origin}/login`);
      await waitForHeading(page, text('login_title'));
      await saveScreenshot(page, `login-${width}`);
      await page.goto(`${kirish.server.origin}/register`);
      await waitForHeading(page, text('register_title'));
      await saveScreenshot(page, `register-${width}`);
      await page.goto(`${kirish.server.origin}/login`);
      await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
      await expectHome(page, DEMO_ACCOUNT.firstName);
      await saveScreenshot(page, `home-${width}`);
      // Nothing sticks out sideways at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await closeAll();
    });
  }

  it('fits Login, Register and Home into 320 px without sideways scrolling', async () => {
    const { page } = await freshPage(320);
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    expect(await scrollWidth()).toBeLessThanOrEqual(320);
    await page.goto(`${kirish.server.origin}/register`);
    await waitForHeading(page, text('register_title'));
    expect(await scrollWidth()).toBeLessThanOrEqual(320);
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);
    expect(await scrollWidth()).toBeLessThanOrEqual(320);
    await closeAll();
  });
});
