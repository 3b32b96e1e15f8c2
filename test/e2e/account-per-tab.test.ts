/**
 * Each tab its account (issue 35, after issue 33's "one person's data never written into another's
 * account"): two tabs of one browser. Tab 1 shows A; tab 2 adds B from the account menu. Tab 1 keeps
 * showing A and writing to A, through a reload too; tab 2 shows B; when A is signed out in tab 2, tab 1
 * says so and offers A's sign-in with A's number filled in (docs/decisions.md, One tab, one account).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { V1, apiClient } from '../support/api.js';
import { registerOverApi, type ApiAccount } from '../support/api-accounts.js';
import {
  addAccountFromMenu,
  expectHome,
  national,
  openAccountMenu,
  signInWithPassword,
  signOutFromMenu,
  text,
  waitForHeading,
} from '../support/flows.js';
import { usePagePool, phoneNumbers } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905590000);
const PASSWORD = 'Registon-maydoni-2026';

const fullName = (account: ApiAccount) => `${account.firstName} ${account.lastName}`;

/** The account's MyProfile over the API, signed in with its password. */
async function profileOverApi(account: ApiAccount): Promise<Record<string, unknown>> {
  const api = apiClient(kirish.server.origin);
  const signedIn = await api.post(`${V1}/login/LoginUser/`, { phone: account.phone, password: account.password });
  expect(signedIn.status).toBe(200);
  return (await api.get(`${V1}/user/MyProfile`, signedIn.json.access)).json.profile;
}

/** The account the top bar's menu button names: the one this tab shows. */
/** The account menu button's name as a screen reader says it: its words, the decorative avatar left out. */
const topBarAccount = (page: Page) =>
  page
    .getByRole('banner')
    .locator('.account-menu > button')
    .evaluate((button) =>
      [...button.querySelectorAll(':scope > :not([aria-hidden="true"])')].map((part) => part.textContent).join(''),
    );
const named = (account: ApiAccount) => text('account_menu_label', { name: fullName(account) });

/** A move inside the page (as a link does), not a new page load. */
const goInPage = (page: Page, path: string) => page.evaluate((to) => history.pushState(null, '', to), path);

/** Tab 1 signed in to A; tab 2, opened on A, adds B from the account menu. */
async function twoTabs(a: ApiAccount, b: ApiAccount) {
  const { page: tab1, context } = await freshPage();
  await tab1.goto(`${kirish.server.origin}/login`);
  await signInWithPassword(tab1, a.phone, a.password);
  await expectHome(tab1, a.firstName);

  // A new tab opens on the device's account.
  const tab2 = await context.newPage();
  await tab2.goto(`${kirish.server.origin}/`);
  await expectHome(tab2, a.firstName);
  await addAccountFromMenu(tab2);
  await waitForHeading(tab2, text('choose_account'));
  await tab2.getByRole('button', { name: text('use_another_account'), exact: true }).click();
  await signInWithPassword(tab2, b.phone, b.password);
  await expectHome(tab2, b.firstName);
  return { tab1, tab2 };
}

describe('each tab its account (issue 35)', () => {
  it("adding B in tab 2 leaves tab 1 on A, whose edit reaches A's row only; A signed out in tab 2 is said in tab 1", async () => {
    const a: ApiAccount = { phone: newPhone(), firstName: 'Anora', lastName: 'Aliyeva', password: PASSWORD };
    const b: ApiAccount = { phone: newPhone(), firstName: 'Botir', lastName: 'Bakirov', password: PASSWORD };
    await registerOverApi(kirish.server.origin, a);
    await registerOverApi(kirish.server.origin, b);
    const { tab1, tab2 } = await twoTabs(a, b);

    // Tab 1 still shows A, through a reload too (the tab's history entry keeps its account).
    expect(await topBarAccount(tab1)).toBe(named(a));
    await tab1.reload();
    await expectHome(tab1, a.firstName);
    expect(await topBarAccount(tab1)).toBe(named(a));

    // A profile edit in tab 1 changes A's row, not B's.
    await goInPage(tab1, '/personal/edit');
    await waitForHeading(tab1, text('personal_edit_title'));
    const firstName = tab1.getByLabel(text('first_name_label'), { exact: true });
    expect(await firstName.inputValue()).toBe(a.firstName);
    await firstName.fill('Anorxon');
    await tab1.getByRole('button', { name: text('save'), exact: true }).click();
    await tab1.getByText(text('profile_saved'), { exact: true }).waitFor();
    expect(
      await tab1
        .getByRole('alert')
        .filter({ hasText: text('account_changed') })
        .count(),
    ).toBe(0);
    expect(await profileOverApi(a)).toMatchObject({ first_name: 'Anorxon' });
    expect(await profileOverApi(b)).toMatchObject({ first_name: b.firstName });
    expect(await topBarAccount(tab2)).toBe(named(b));

    // Tab 2 takes A up from its menu and signs it out.
    await openAccountMenu(tab2);
    await tab2
      .locator('.account-menu-panel')
      .getByRole('button', { name: new RegExp(`Anorxon ${a.lastName}`) })
      .click();
    await expectHome(tab2, 'Anorxon');
    await signOutFromMenu(tab2);
    await waitForHeading(tab2, text('signed_out_of', { name: `Anorxon ${a.lastName}` }));

    // Tab 1 says so, on Login, with A's number filled in.
    await tab1.getByText(text('signed_out_here'), { exact: true }).waitFor();
    expect(new URL(tab1.url()).pathname).toBe('/login');
    expect(await tab1.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(
      national(a.phone).replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4'),
    );
    // B stays signed in, in tab 2's chooser.
    await tab2.locator('.account-list .account-name', { hasText: fullName(b) }).waitFor();
    await closeAll();
  });

  it("a tab on A moving to another screen never shows B's data under A's name", async () => {
    const a: ApiAccount = { phone: newPhone(), firstName: 'Asal', lastName: 'Aminova', password: PASSWORD };
    const b: ApiAccount = { phone: newPhone(), firstName: 'Bobur', lastName: 'Boboyev', password: PASSWORD };
    await registerOverApi(kirish.server.origin, a);
    await registerOverApi(kirish.server.origin, b);
    // B has an address, A none: B's address on a page naming A would be B's data under A's name.
    const api = apiClient(kirish.server.origin);
    const signedIn = await api.post(`${V1}/login/LoginUser/`, { phone: b.phone, password: b.password });
    const address = {
      label: 'Boburning uyi',
      region: 'tashkent-city',
      district: 'yunusabad',
      street: 'Amir Temur',
      house: '12',
    };
    const added = await api.post(`${V1}/user/addresses/`, address, signedIn.json.access);
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const { tab1 } = await twoTabs(a, b);

    await tab1.evaluate((label) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.body.textContent ?? '')).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      (window as unknown as { label: string }).label = label;
    }, address.label);
    await goInPage(tab1, '/personal/address');
    await waitForHeading(tab1, text('address_title'));
    await tab1.waitForLoadState('networkidle');
    expect(await topBarAccount(tab1)).toBe(named(a));
    const seen = await tab1.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((body) => body.includes(address.label))).toEqual([]);
    await closeAll();
  });
});
