/**
 * Issue 41, passkeys on Security › Sign-in methods, with Chromium's virtual authenticator over the
 * DevTools protocol (a resident key and user verification, as a phone's or a laptop's platform
 * authenticator): add one behind a fresh proof, see its row, rename it by keyboard (an empty name
 * refused beside the field), a second on the same device refused calmly, remove it behind a question
 * and a proof. On localhost: WebAuthn needs a secure context and a domain for its relying party id.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bothWidths } from '../support/account-pages.js';
import { registerOverApi, signedInTab, type ApiAccount } from '../support/api-accounts.js';
import { axeViolations } from '../support/axe.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { proveWithPassword } from '../support/two-step.js';
import { withAuthenticator } from '../support/passkeys.js';

const kirish = useRunningKirish('localhost');

const passkeys = (page: Page) => page.getByRole('region', { name: text('passkeys_title') });
const passkeyRows = (page: Page) => passkeys(page).locator('.rows > .row-item');

describe('passkeys on Sign-in methods', () => {
  it('adds one with the browser’s prompt, renames it, refuses a second on the same device, removes it', async () => {
    const account: ApiAccount = {
      phone: '+998907841001',
      firstName: 'Nilufar',
      lastName: 'Sodiqova',
      password: 'Samarqand-Registon-7841',
    };
    await registerOverApi(kirish.server.origin, account);
    const { page, context, errors } = await signedInTab(kirish.browser, kirish.server.origin, account);
    const authenticator = await withAuthenticator(page);

    await page.goto(`${kirish.server.origin}/security/login-methods/`);
    await waitForHeading(page, text('login_methods_title'));
    // None yet: the empty state says what a passkey is.
    await passkeys(page).getByText(text('passkeys_empty_text')).waitFor();

    await page.getByRole('button', { name: text('passkeys_add'), exact: true }).click();
    await proveWithPassword(page, account.password, text('passkeys_continue'));
    await passkeyRows(page).first().waitFor();
    expect(await passkeyRows(page).count()).toBe(1);
    const row = passkeyRows(page).first();
    const name = await row.locator('.row-name').innerText();
    expect(name.length).toBeGreaterThan(0);
    expect(await row.locator('.row-detail').innerText()).toContain(text('passkeys_never_used'));
    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.isResidentCredential).toBe(true);

    // Rename by keyboard: an empty name is refused beside the field, then the new one is kept.
    await page.getByRole('button', { name: text('passkeys_rename_named', { name }), exact: true }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel(text('passkeys_name_label'), { exact: true });
    await field.waitFor();
    await field.fill('');
    await page.keyboard.press('Enter');
    await passkeys(page).getByText(text('field_required')).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('Work laptop');
    await page.keyboard.press('Enter');
    await row.locator('.row-name', { hasText: 'Work laptop' }).waitFor();
    await field.waitFor({ state: 'detached' });

    await bothWidths(page, 'security-passkeys');
    expect(await axeViolations(page)).toEqual([]);

    // The same device again: its passkey is excluded, the browser says so, the page says it calmly.
    await page.getByRole('button', { name: text('passkeys_add'), exact: true }).click();
    await proveWithPassword(page, account.password, text('passkeys_continue'));
    await page.getByText(text('passkeys_exists_here')).waitFor();
    expect(await passkeyRows(page).count()).toBe(1);
    expect(await page.locator('.toast-error').count()).toBe(0);

    // Remove: the question first, then a fresh proof.
    await page
      .getByRole('button', { name: text('passkeys_remove_named', { name: 'Work laptop' }), exact: true })
      .click();
    const question = page.getByRole('group', { name: text('passkeys_remove_confirm', { name: 'Work laptop' }) });
    await question.getByRole('button', { name: text('passkeys_remove'), exact: true }).click();
    await page.getByRole('heading', { name: text('proof_title') }).waitFor();
    await bothWidths(page, 'security-passkeys-remove');
    await proveWithPassword(page, account.password, text('passkeys_remove'));
    await passkeys(page).getByText(text('passkeys_empty_text')).waitFor();
    expect(await passkeyRows(page).count()).toBe(0);
    await page.getByText(text('passkeys_removed', { name: 'Work laptop' })).waitFor();

    await context.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
