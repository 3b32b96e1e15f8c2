/**
 * Issue 41, signing in with a passkey on the Login page, with Chromium's virtual authenticator over the
 * DevTools protocol (WebAuthn domain): a passkey made through the real server from the page, then a
 * sign-in from "Sign in with a passkey", and one through the field's autofill (conditional UI).
 */
import { describe, expect, it } from 'vitest';
import { apiClient, V1 } from '../support/api.js';
import { registerPasskey, withAuthenticator } from '../support/passkeys.js';
import { axeViolations } from '../support/axe.js';
import { saveScreenshot } from '../support/browser.js';
import { expectHome, signInWithPassword, signOutFromMenu, text, waitForHeading } from '../support/flows.js';
import { phoneNumbers, usePagePool } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

// On localhost: WebAuthn takes no IP address as its relying party id (WebAuthn L3 §5.1.3 step 8; RFC 1034 names only).
const kirish = useRunningKirish('localhost');
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905650000);
const PASSWORD = 'Passkey-sign-in-41!';

/** A new account with a passkey on a device of its own; returns the passkey as that device holds it. */
async function accountWithPasskey() {
  const phone = newPhone();
  const { page } = await freshPage();
  return { phone, credential: await registerPasskey(page, kirish.server.origin, phone, PASSWORD) };
}

describe('signing in with a passkey (issue 41)', () => {
  it('"Sign in with a passkey" signs in on a device that holds the passkey', async () => {
    const { credential } = await accountWithPasskey();
    const { page } = await freshPage();
    await withAuthenticator(page, [credential]);
    // A browser without the autofill (conditional mediation): the button alone. Chromium's virtual
    // authenticator would otherwise answer the autofill's request at once (next test).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    // The prerendered field already asks for passkeys in its autofill, before any script.
    const served = await (await fetch(`${kirish.server.origin}/login`, { headers: { accept: 'text/html' } })).text();
    expect(served.toLowerCase()).toContain('autocomplete="username webauthn"'); // HTML attribute names ignore case
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    const button = page.getByRole('button', { name: text('passkey_sign_in'), exact: true });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'passkey-sign-in-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'passkey-sign-in-375');
    await button.focus();
    await page.keyboard.press('Enter');
    await expectHome(page, 'Sardor');
    await closeAll();
  });

  it("the field's autofill offers the passkey, and picking it signs in, at 375 px", async () => {
    const { credential } = await accountWithPasskey();
    const { page } = await freshPage(375);
    await withAuthenticator(page, [credential]);
    const answers: number[] = [];
    const presses: string[] = [];
    page.on('request', (request) => {
      // The button's ceremony would ask for options a second time.
      if (request.url().endsWith('/login/passkey/options/')) presses.push(request.url());
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/login/passkey/')) answers.push(response.status());
    });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    // Chromium's virtual authenticator answers a conditional request (the autofill's) as soon as it is
    // made, automaticPresenceSimulation picking the one passkey it holds, as a person picking the
    // suggestion would: no button is pressed, nothing typed.
    await expectHome(page, 'Sardor');
    expect(answers).toEqual([200]);
    expect(presses).toHaveLength(1);
    await closeAll();
  });

  it('after a password sign-in, the offer: "Not now" goes on and is not asked again; "Create a passkey" makes one', async () => {
    const origin = kirish.server.origin;
    const phone = newPhone();
    const { access } = await apiClient(origin).registerByPhone(phone, PASSWORD);
    const { page } = await freshPage();
    await withAuthenticator(page);
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto(`${origin}/login`);
    await signInWithPassword(page, phone, PASSWORD);
    await waitForHeading(page, text('passkey_offer_title'));
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'passkey-offer-1280');
    await page.getByRole('button', { name: text('passkey_offer_later'), exact: true }).click();
    await expectHome(page, 'Sardor');

    // The same device and account: no offer again (the device forgets its accounts, not the answer).
    await signOutFromMenu(page);
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key !== 'passkeyOfferDeclined') localStorage.removeItem(key);
    });
    await page.goto(`${origin}/login`);
    await signInWithPassword(page, phone, PASSWORD);
    await expectHome(page, 'Sardor');

    // Another device (a fresh profile): the offer, and a passkey made behind the password's proof.
    const other = await freshPage(375);
    await withAuthenticator(other.page);
    await other.page.goto(`${origin}/login`);
    await signInWithPassword(other.page, phone, PASSWORD);
    await waitForHeading(other.page, text('passkey_offer_title'));
    await saveScreenshot(other.page, 'passkey-offer-375');
    await other.page.getByRole('button', { name: text('passkey_offer_create'), exact: true }).click();
    await waitForHeading(other.page, text('proof_title'));
    expect(await axeViolations(other.page)).toEqual([]);
    await other.page.getByLabel(text('old_password_label'), { exact: true }).fill(PASSWORD);
    await other.page.getByRole('button', { name: text('passkey_offer_create'), exact: true }).click();
    await expectHome(other.page, 'Sardor');
    const list = await apiClient(origin).get(`${V1}/user/passkeys/`, access);
    expect((list.json as { passkeys: unknown[] }).passkeys).toHaveLength(1);
    await closeAll();
  });
});
