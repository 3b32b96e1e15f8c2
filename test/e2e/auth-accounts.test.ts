/**
 * Issue 12, the accounts of one browser: the chooser after a reload and in a new tab while signed in
 * (photos, the active account marked, forgetting one), and a session ended from another device.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { saveScreenshot } from '../support/browser.js';
import {
  addAccountFromMenu,
  expectHome,
  national,
  registerByPhone,
  signInWithPassword,
  text,
  waitForHeading,
} from '../support/flows.js';
import { V1, apiClient } from '../support/api.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { usePagePool, phoneNumbers } from '../support/page-pool.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905560000);
const DEMO_NAME = `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`;

/** Home's "Choose an account", then the names the chooser lists (sorted) and the one marked as signed in. */
async function openChooser(page: Page): Promise<{ names: string[]; active: string }> {
  await addAccountFromMenu(page);
  await waitForHeading(page, text('choose_account'));
  await page.locator('.account-list button.account').nth(1).waitFor();
  const names = (await page.locator('.account-list .account-name').allInnerTexts())
    .map((name) => name.trim())
    .toSorted();
  const active = (
    await page.locator('.account-list button.account[aria-current="true"] .account-name').innerText()
  ).trim();
  return { names, active };
}

/** A new account on this page, then the demo account beside it: two saved accounts, the demo one active. */
async function twoAccounts(page: Page, firstName: string) {
  const first = { phone: newPhone(), firstName, lastName: 'Karimova', password: 'Registon-maydoni-2026' };
  await registerByPhone(page, kirish.server.origin, first);
  await expectHome(page, first.firstName);
  await addAccountFromMenu(page);
  await page.getByRole('button', { name: text('use_another_account'), exact: true }).click();
  await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
  await expectHome(page, DEMO_ACCOUNT.firstName);
  return first;
}

describe('the account chooser while signed in (issue 12)', () => {
  it('lists both saved accounts after a reload and in a new tab, marks the active one, switches, and forgets one when confirmed', async () => {
    const { page, context } = await freshPage();
    const first = await twoAccounts(page, 'Zilola');
    const firstName = `${first.firstName} ${first.lastName}`;
    const both = [DEMO_NAME, firstName].toSorted();
    // A sign-in's one-shot parameter (user_uuid) has left the address.
    expect(new URL(page.url()).search).toBe('');

    await page.reload();
    await expectHome(page, DEMO_ACCOUNT.firstName);
    expect(await openChooser(page)).toEqual({ names: both, active: DEMO_NAME });
    expect(await page.locator('.account-list .badge').innerText()).toBe(text('account_signed_in'));
    await saveScreenshot(page, 'auth-chooser-1280');
    await page.getByRole('button', { name: new RegExp(firstName) }).click();
    await expectHome(page, first.firstName);

    const tab = await context.newPage();
    await tab.goto(`${kirish.server.origin}/`);
    await expectHome(tab, first.firstName);
    expect(await openChooser(tab)).toEqual({ names: both, active: firstName });
    await tab.getByRole('button', { name: new RegExp(DEMO_NAME) }).click();
    await expectHome(tab, DEMO_ACCOUNT.firstName);

    // Forgetting the other account asks first; Cancel keeps it, Forget drops it from this device.
    await openChooser(tab);
    const forget = tab.getByTitle(text('forget_account_named', { name: firstName }), { exact: true });
    expect(await forget.innerText()).toBe(text('forget_account'));
    await forget.click();
    await tab.getByText(text('forget_account_question', { name: firstName }), { exact: true }).waitFor();
    await tab.getByRole('button', { name: text('cancel'), exact: true }).click();
    expect(await tab.locator('.account-list button.account').count()).toBe(2);
    await forget.click();
    await tab.getByRole('button', { name: text('forget_account'), exact: true }).click();
    await tab.locator('.account-list button.account').nth(1).waitFor({ state: 'detached' });
    expect(await tab.locator('.account-list .account-name').allInnerTexts()).toEqual([DEMO_NAME]);
    expect(await tab.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('session_')).length)).toBe(
      1,
    );
    await tab.close();
    await closeAll();
  });
});

describe('a session ended from another device (issue 12)', () => {
  it('is noticed when the tab comes back: Login says so with the phone filled in, and the chooser no longer lists it', async () => {
    const { page } = await freshPage(375);
    const first = await twoAccounts(page, 'Madina');
    // The first account active again, then ended by its owner on another device.
    await addAccountFromMenu(page);
    await page.getByRole('button', { name: new RegExp(`${first.firstName} ${first.lastName}`) }).click();
    await expectHome(page, first.firstName);

    const api = apiClient(kirish.server.origin);
    const elsewhere = await api.post(`${V1}/login/LoginUser/`, {
      phone: first.phone,
      password: first.password,
      save: false,
    });
    expect(elsewhere.status).toBe(200);
    const sessions = await api.get(`${V1}/user/sessions/`, elsewhere.json.access);
    const others = (sessions.json as { id: string; current: boolean }[]).filter((session) => !session.current);
    expect(others).toHaveLength(1);
    const ended = await fetch(`${kirish.server.origin}${V1}/user/sessions/${others[0]?.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${elsewhere.json.access}`, accept: 'application/json' },
    });
    expect(ended.status).toBe(204);

    // The person comes back to the tab.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText(text('signed_out_here'), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(
      national(first.phone).replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4'),
    );
    expect(await page.getByRole('main').innerText()).not.toContain(first.firstName);
    await saveScreenshot(page, 'auth-signed-out-here-375');

    // Its saved session is gone: a later visit lists only the other account.
    await page.reload();
    await waitForHeading(page, text('choose_account'));
    await page.locator('.account-list button.account').first().waitFor();
    expect(await page.locator('.account-list .account-name').allInnerTexts()).toEqual([DEMO_NAME]);
    await closeAll();
  });

  it('is noticed at the next call too, with the same sentence instead of "Something went wrong"', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Oybek', lastName: 'Nazarov', password: 'Chorsu-bozori-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    await endOtherSessions(account);

    // Its sessions page (Home's Active sessions row) asks the server at once.
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${text('sessions_title')}`) })
      .first()
      .click();
    await page.getByText(text('signed_out_here'), { exact: true }).waitFor();
    expect(await page.getByText(text('error_try_again')).count()).toBe(0);
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).not.toBe('');
    await closeAll();
  });

  it('is said after a reload too, before anything personal shows', async () => {
    const { page } = await freshPage();
    const account = {
      phone: newPhone(),
      firstName: 'Sevara',
      lastName: 'Yusupova',
      password: 'Amir-Temur-xiyoboni-2026',
    };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    await endOtherSessions(account);

    await page.reload();
    await page.getByText(text('signed_out_here'), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('main').innerText()).not.toContain(account.firstName);
    // Its saved session went with it: the next visit offers no chooser and no message.
    await page.reload();
    await waitForHeading(page, text('login_title'));
    expect(await page.getByText(text('signed_out_here'), { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('session_')))).toEqual(
      [],
    );
    await closeAll();
  });
});

/** The account signs in on another device and ends every other session from there. */
async function endOtherSessions(account: { phone: string; password: string }) {
  const api = apiClient(kirish.server.origin);
  const elsewhere = await api.post(`${V1}/login/LoginUser/`, {
    phone: account.phone,
    password: account.password,
    save: false,
  });
  expect(elsewhere.status).toBe(200);
  const sessions = (await api.get(`${V1}/user/sessions/`, elsewhere.json.access)).json as {
    id: string;
    current: boolean;
  }[];
  for (const session of sessions.filter((one) => !one.current)) {
    const ended = await fetch(`${kirish.server.origin}${V1}/user/sessions/${session.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${elsewhere.json.access}` },
    });
    expect(ended.status).toBe(204);
  }
}
