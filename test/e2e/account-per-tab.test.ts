/**
 * Issue 33, one person's data never written into another's account: two tabs of one browser, two
 * accounts on it. Tab 1 shows A, tab 2 switches the device to B; what tab 1 then saves or opens must
 * not reach B, nor show B's data under A's name (docs/decisions.md, One tab, one account).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { V1, apiClient } from '../support/api.js';
import { registerOverApi, type ApiAccount } from '../support/api-accounts.js';
import { expectHome, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { usePagePool, phoneNumbers } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905590000);
const PASSWORD = 'Registon-maydoni-2026';

const fullName = (account: ApiAccount) => `${account.firstName} ${account.lastName}`;

/** The account's MyProfile over the API, signed in with its password. */
async function profileOverApi(account: ApiAccount): Promise<{ access: string; profile: Record<string, unknown> }> {
  const api = apiClient(kirish.server.origin);
  const signedIn = await api.post(`${V1}/login/LoginUser/`, { phone: account.phone, password: account.password });
  expect(signedIn.status).toBe(200);
  const mine = await api.get(`${V1}/user/MyProfile`, signedIn.json.access);
  return { access: signedIn.json.access, profile: mine.json.profile };
}

/** Home's "Choose an account", then the account named `name`: this device switches to it. */
async function switchTo(page: Page, account: ApiAccount) {
  await page.goto(`${kirish.server.origin}/`);
  await page
    .getByRole('main')
    .getByRole('button', { name: text('choose_account'), exact: true })
    .click();
  await waitForHeading(page, text('choose_account'));
  await page.getByRole('button', { name: new RegExp(fullName(account)) }).click();
  await expectHome(page, account.firstName);
}

/** The name the top bar shows: the account this tab shows. */
const topBarName = (page: Page) => page.locator('.topbar-user-name').innerText();

describe('two tabs, two accounts (issue 33)', () => {
  it("a stale tab's save never reaches the account another tab switched to; it says so and shows that account", async () => {
    const a: ApiAccount = { phone: newPhone(), firstName: 'Anora', lastName: 'Aliyeva', password: PASSWORD };
    const b: ApiAccount = { phone: newPhone(), firstName: 'Botir', lastName: 'Bakirov', password: PASSWORD };
    await registerOverApi(kirish.server.origin, a);
    await registerOverApi(kirish.server.origin, b);
    const { page: tab1, context } = await freshPage();
    // Both accounts on this device, A the active one.
    await tab1.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(tab1, b.phone, b.password);
    await expectHome(tab1, b.firstName);
    await tab1
      .getByRole('main')
      .getByRole('button', { name: text('choose_account'), exact: true })
      .click();
    await tab1.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await signInWithPassword(tab1, a.phone, a.password);
    await expectHome(tab1, a.firstName);

    // Tab 1 on A's profile edit, with A's new values typed.
    await tab1.goto(`${kirish.server.origin}/personal/edit`);
    await waitForHeading(tab1, text('personal_edit_title'));
    const firstName = tab1.getByLabel(text('first_name_label'), { exact: true });
    expect(await firstName.inputValue()).toBe(a.firstName);
    await firstName.fill('Anorxon');
    await tab1.getByLabel(text('birth_date_label'), { exact: true }).fill('17051994');
    await tab1.getByLabel(text('gender_female'), { exact: true }).check();

    // Tab 2 switches the device to B.
    const tab2 = await context.newPage();
    await switchTo(tab2, b);

    // Save in tab 1: refused, said, and tab 1 now shows B's own values on the same screen.
    await tab1.getByRole('button', { name: text('save'), exact: true }).click();
    await tab1
      .getByRole('alert')
      .filter({ hasText: text('account_changed') })
      .waitFor();
    await tab1.waitForFunction(
      (name) => document.querySelector('.topbar-user-name')?.textContent === name,
      fullName(b),
    );
    await waitForHeading(tab1, text('personal_edit_title'));
    expect(new URL(tab1.url()).pathname).toBe('/personal/edit');
    expect(await tab1.getByLabel(text('first_name_label'), { exact: true }).inputValue()).toBe(b.firstName);
    expect(await tab1.getByLabel(text('birth_date_label'), { exact: true }).inputValue()).toBe('');
    // One sentence, however many calls met the refusal.
    expect(await tab1.getByRole('alert').count()).toBe(1);

    // Over the API: B untouched, and A's typed values were written nowhere.
    expect((await profileOverApi(b)).profile).toMatchObject({
      first_name: b.firstName,
      birth_date: null,
      gender: null,
    });
    expect((await profileOverApi(a)).profile).toMatchObject({
      first_name: a.firstName,
      birth_date: null,
      gender: null,
    });
    await closeAll();
  });

  it("a stale tab opening another screen does not show the other account's data under its name", async () => {
    const a: ApiAccount = { phone: newPhone(), firstName: 'Asal', lastName: 'Aminova', password: PASSWORD };
    const b: ApiAccount = { phone: newPhone(), firstName: 'Bobur', lastName: 'Boboyev', password: PASSWORD };
    await registerOverApi(kirish.server.origin, a);
    await registerOverApi(kirish.server.origin, b);
    // B has an address, A none: B's address on a page naming A would be B's data under A's name.
    const { access } = await profileOverApi(b);
    const address = {
      label: 'Boburning uyi',
      region: 'tashkent-city',
      district: 'yunusabad',
      street: 'Amir Temur',
      house: '12',
    };
    const added = await apiClient(kirish.server.origin).post(`${V1}/user/addresses/`, address, access);
    expect(added.status, JSON.stringify(added.json)).toBe(201);

    const { page: tab1, context } = await freshPage();
    await tab1.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(tab1, b.phone, b.password);
    await expectHome(tab1, b.firstName);
    await tab1
      .getByRole('main')
      .getByRole('button', { name: text('choose_account'), exact: true })
      .click();
    await tab1.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await signInWithPassword(tab1, a.phone, a.password);
    await expectHome(tab1, a.firstName);
    await tab1.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(tab1, fullName(a));

    const tab2 = await context.newPage();
    await switchTo(tab2, b);

    // From here on tab 1 records, at every change of its page, whose name it shows beside whose address.
    await tab1.evaluate((label) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const note = () => {
        const name = document.querySelector('.topbar-user-name')?.textContent ?? '';
        seen.push(
          `${name} | ${(document.querySelector('main')?.textContent ?? '').includes(label) ? 'address of B' : '-'}`,
        );
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, address.label);
    await tab1.getByRole('link', { name: new RegExp(text('address_title')) }).click();
    await tab1
      .getByRole('alert')
      .filter({ hasText: text('account_changed') })
      .waitFor();
    await tab1.getByRole('main').getByText(address.label).waitFor();
    expect(await topBarName(tab1)).toBe(fullName(b));
    expect(new URL(tab1.url()).pathname).toBe('/personal/address');
    const seen = await tab1.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((line) => line === `${fullName(a)} | address of B`)).toEqual([]);
    expect(seen).toContain(`${fullName(b)} | address of B`);
    await closeAll();
  });
});
