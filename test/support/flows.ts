/**
 * What a person does on the account site, step by step, for the browser tests: the same labels and
 * buttons they see (in English, the texts of the catalogue the server serves).
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { latestCode } from './outbox.js';

export const EN: Readonly<Record<string, string>> = en;

/** A catalogue text with its {{placeholders}} filled, as the page shows it. */
export function text(key: string, params: Record<string, string> = {}): string {
  const template = EN[key];
  if (template === undefined) throw new Error(`no English text for ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The nine national digits of +998XXXXXXXXX, as a person types them into the +998 field. */
export function national(phone: string): string {
  return phone.replace(/^\+998/, '');
}

export async function waitForHeading(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Waits until the prerendered page's script has taken over: its submit buttons stay disabled until
 * then (src/components/button.tsx), so a Tab pressed earlier passes over them, as it would for anyone.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page
    .locator('button[type="submit"]:not(.button-waiting)')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 });
}

export interface NewAccount {
  phone: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * Registers by phone on /register with the SMS code from the dev outbox; with an `email` the
 * account is created with it (kind 1), without one the optional e-mail is left empty (kind 2).
 */
export async function registerByPhone(
  page: Page,
  origin: string,
  account: NewAccount & { email?: string },
): Promise<void> {
  await page.goto(`${origin}/register`);
  await waitForHeading(page, text('register_title'));
  await page.getByLabel(text('phone_label'), { exact: true }).fill(national(account.phone));
  await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
  await codeBox(page).waitFor();
  // Six digits send the code step by itself (issue 12).
  await codeBox(page).fill(await latestCode(origin, account.phone));
  await page.getByLabel(text('first_name_label'), { exact: true }).fill(account.firstName);
  await page.getByLabel(text('last_name_label'), { exact: true }).fill(account.lastName);
  await page.getByLabel(text('new_password_label'), { exact: true }).fill(account.password);
  await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(account.password);
  // The e-mail is optional (issue 12): left empty, the account has none (kind 2).
  if (account.email) await page.getByLabel(text('email_optional_label'), { exact: true }).fill(account.email);
  await page.getByRole('button', { name: text('sign_up'), exact: true }).click();
}

/** Where a page or a frame shows the sign-in form. */
export type Scope = Page | FrameLocator | Locator;

/**
 * The first box of the segmented code input: a fill of the whole code there is what a paste or the
 * browser's autofill from the SMS does, and sends the step by itself at the last digit.
 */
export function codeBox(scope: Scope, say: (key: string, params?: Record<string, string>) => string = text): Locator {
  return scope.getByLabel(say('code_digit', { n: '1', total: '6' }), { exact: true });
}

export interface SignInOptions {
  /** The texts of another language. */
  say?: (key: string) => string;
  /** How a button is pressed: `pressInFrame` (support/browser.ts) inside a partner's frame. */
  click?: (target: Locator) => Promise<void>;
}

/**
 * Sign-in's first stage: the phone (its nine national digits) or the e-mail in the one field, then
 * Continue.
 */
export async function continueWith(scope: Scope, contact: string, options: SignInOptions = {}): Promise<void> {
  const { say = text, click = (target) => target.click() } = options;
  await scope.getByLabel(say('phone_or_email_label'), { exact: true }).fill(contact);
  await click(scope.getByRole('button', { name: say('continue'), exact: true }));
}

/** Both stages of sign-in: the contact and Continue, then the password and Sign in. */
export async function passwordSignIn(
  scope: Scope,
  contact: string,
  password: string,
  options: SignInOptions = {},
): Promise<void> {
  const { say = text, click = (target) => target.click() } = options;
  await continueWith(scope, contact, options);
  await scope.getByLabel(say('password_label'), { exact: true }).fill(password);
  await click(scope.getByRole('button', { name: say('sign_in'), exact: true }));
}

/** Fills the Login form's phone, Continue, then the password, and presses Sign in. */
export async function signInWithPassword(page: Page, phone: string, password: string): Promise<void> {
  await waitForHeading(page, text('login_title'));
  await passwordSignIn(page, national(phone), password);
}

/** Home greets the signed-in person by first name. */
export async function expectHome(page: Page, firstName: string): Promise<void> {
  await waitForHeading(page, text('home_greeting', { name: firstName }));
}

/** Opens the top bar's account menu (issue 35): the button named for the account, then its panel. */
export async function openAccountMenu(page: Page): Promise<void> {
  const label = text('account_menu_label').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
  await page.locator('.account-menu-panel').waitFor();
}

/** The account menu's Sign out, then /login. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page
    .locator('.account-menu-panel')
    .getByRole('button', { name: text('sign_out'), exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The account menu's "Add another account": Login, with this device's accounts kept. */
export async function addAccountFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page
    .locator('.account-menu-panel')
    .getByRole('link', { name: text('account_menu_add'), exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === '/login');
}
