/**
 * The Developers section (issue 11), in Chromium against the built server: a person with a fresh
 * account registers a public app for a page at http://127.0.0.1:18090, sees its client id and the
 * widget's snippet, edits it, registers a confidential app and sees its secret once, is told beside
 * the field which line is wrong, and deletes an app after confirming.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { bothWidths, useAccountPages } from '../support/account-pages.js';
import { appUserinfoStatus, letAppIn } from '../support/demo-app.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { newAccount, signedInPage } = useAccountPages(kirish, 907790000);
const PARTNER = 'http://127.0.0.1:18090';
/** A 1 × 1 PNG: the server makes the served logo from it, as from a profile photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The field a label names, with its error and hint: what the person sees beside it. */
function fieldOf(page: Page, label: string) {
  return page.locator('.field', { has: page.getByLabel(label, { exact: true }) });
}

async function fillApp(page: Page, app: { name: string; redirect: string; origin: string }): Promise<void> {
  await page.getByLabel(text('developers_name_label'), { exact: true }).fill(app.name);
  await page.getByLabel(text('developers_home_page_label'), { exact: true }).fill(`${PARTNER}/`);
  await page.getByLabel(text('developers_privacy_label'), { exact: true }).fill(`${PARTNER}/privacy`);
  await page.getByLabel(text('developers_redirect_uris_label'), { exact: true }).fill(app.redirect);
  await page.getByLabel(text('developers_web_origins_label'), { exact: true }).fill(app.origin);
}

/** The value shown under a label of the app's credentials: the client id, a secret. */
function shown(page: Page, label: string) {
  return page.locator('.copyable', { has: page.getByText(label, { exact: true }) }).locator('.copyable-value');
}

describe('the Developers section', () => {
  it('registers, edits and deletes apps, and shows a secret once', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Dilnoza'));
    // Developers left the consumer Home for the signed-in pages' footer and the account menu (issue 35).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: text('section_developers'), exact: true })
      .click();
    await waitForHeading(page, text('developers_title'));
    await page.getByText(text('developers_empty_title'), { exact: true }).waitFor();
    await bothWidths(page, 'developers-empty');

    // A public app for a page of the partner's own; first with a redirect URI that is not https.
    await page.getByRole('link', { name: text('developers_register'), exact: true }).click();
    await waitForHeading(page, text('developers_new_title'));
    await fillApp(page, {
      name: 'Bozor Test',
      redirect: `${PARTNER}/callback\nhttp://example.com/cb`,
      origin: PARTNER,
    });
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();
    const redirectError = fieldOf(page, text('developers_redirect_uris_label')).locator('.field-error');
    await redirectError.waitFor({ state: 'visible' });
    const said = await redirectError.innerText();
    expect(said).toContain(
      text('developers_line_problem', {
        line: '2',
        value: 'http://example.com/cb',
        problem: text('redirect_uri_scheme_required'),
      }),
    );
    expect(
      await page.getByLabel(text('developers_redirect_uris_label'), { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
    // …and the field takes the focus, so a keyboard user lands where the fix is.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'redirect_uris');
    await bothWidths(page, 'developers-new-error');
    await page.getByLabel(text('developers_redirect_uris_label'), { exact: true }).fill(`${PARTNER}/callback`);
    expect(await redirectError.isHidden()).toBe(true);
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();

    // Its page: the client id and a whole page with the widget, ready to copy.
    await waitForHeading(page, 'Bozor Test');
    expect(new URL(page.url()).pathname).toMatch(/^\/developers\/[^/]+$/);
    const clientId = (await shown(page, text('developers_client_id')).innerText()).trim();
    expect(clientId.length).toBeGreaterThan(8);
    expect(decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '')).toBe(clientId);
    const snippet = await shown(page, text('developers_widget_snippet')).innerText();
    expect(snippet.startsWith('<!doctype html>')).toBe(true);
    expect(snippet).toContain(
      `<div id="login"><script src="${kirish.server.origin}/widget/widget.js" data-client-id="${clientId}" async></script></div>`,
    );
    // Copy puts the client id on the clipboard and says so.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: kirish.server.origin });
    const copy = page.getByRole('button', {
      name: `${text('copy')}: ${text('developers_client_id')}`,
      exact: true,
    });
    await copy.click();
    await copy.getByText(text('copied'), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientId);
    // A public app has no secret to make.
    expect(await page.getByRole('button', { name: text('developers_secret_create'), exact: true }).count()).toBe(0);
    await bothWidths(page, 'developers-app');

    // A logo, through the photo pipeline; then removed again after confirming.
    await page
      .getByLabel(text('developers_logo_upload'), { exact: true })
      .setInputFiles({ name: 'bozor.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText(text('developers_logo_saved'), { exact: true }).waitFor();
    const logo = page.locator('.dev-app-header img.app-logo');
    await logo.waitFor();
    await saveScreenshot(page, 'developers-app-logo-1280');
    expect(await logo.getAttribute('src')).toMatch(/^\/cdn\//);
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: text('developers_logo_remove'), exact: true }).click();
    await page.getByText(text('developers_logo_remove_confirm'), { exact: true }).waitFor();
    await page.getByRole('button', { name: text('developers_logo_remove'), exact: true }).click();
    await page.getByText(text('developers_logo_removed'), { exact: true }).waitFor();
    expect(await page.locator('.dev-app-header img').count()).toBe(0);

    // Editing it: the new name is the server's after a reload.
    await page.getByLabel(text('developers_name_label'), { exact: true }).fill('Bozor Market');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('developers_saved'), { exact: true }).waitFor();
    await waitForHeading(page, 'Bozor Market');
    await page.reload();
    await waitForHeading(page, 'Bozor Market');
    expect(await page.getByLabel(text('developers_web_origins_label'), { exact: true }).inputValue()).toBe(PARTNER);

    // The list shows it with its client id.
    await page.getByRole('link', { name: `← ${text('developers_title')}`, exact: true }).click();
    await waitForHeading(page, text('developers_apps_title'));
    const card = page.locator('.dev-app');
    expect(await card.count()).toBe(1);
    expect(await card.innerText()).toContain('Bozor Market');
    expect(await card.innerText()).toContain(clientId);

    // A confidential app: its secret is shown once, right after registering.
    await page.getByRole('link', { name: text('developers_register'), exact: true }).click();
    await waitForHeading(page, text('developers_new_title'));
    await fillApp(page, { name: 'Bozor Server', redirect: `${PARTNER}/auth/done`, origin: '' });
    await page.getByRole('radio', { name: new RegExp(`^${text('developers_kind_confidential')}`) }).check();
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();
    await waitForHeading(page, text('developers_created_title', { name: 'Bozor Server' }));
    const secret = (await shown(page, text('developers_secret_title')).innerText()).trim();
    expect(secret).toMatch(/^kirish_secret_[\w-]{40,}$/);
    expect(await page.getByRole('main').innerText()).toContain(text('developers_secret_once'));
    await bothWidths(page, 'developers-secret');
    await page.getByRole('button', { name: text('developers_secret_done'), exact: true }).click();
    await waitForHeading(page, 'Bozor Server');
    // Never again: the app's page has only a way to replace it.
    const main = await page.getByRole('main').innerText();
    expect(main).not.toContain(secret);
    expect(main).toContain(text('developers_secret_kept'));
    // A confidential app signs in from its server: the discovery URL instead of the widget's snippet.
    expect(main).not.toContain('/widget/widget.js');
    expect(await shown(page, text('developers_discovery_url')).innerText()).toBe(
      `${kirish.server.origin}/.well-known/openid-configuration`,
    );

    // Replacing it asks first, then shows the new one once.
    await page.getByRole('button', { name: text('developers_secret_rotate'), exact: true }).click();
    await page.getByText(text('developers_secret_rotate_confirm'), { exact: true }).waitFor();
    await page.getByRole('button', { name: text('developers_secret_rotate'), exact: true }).click();
    const rotated = (await shown(page, text('developers_secret_title')).innerText()).trim();
    expect(rotated).toMatch(/^kirish_secret_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: text('developers_secret_hide'), exact: true }).click();
    await page.getByText(text('developers_secret_kept'), { exact: true }).waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain(rotated);

    // Deleting it asks first; then the list has the first app only.
    await page.getByRole('button', { name: text('developers_delete'), exact: true }).click();
    await page.getByText(text('developers_delete_confirm', { name: 'Bozor Server' }), { exact: true }).waitFor();
    await saveScreenshot(page, 'developers-delete-confirm-1280');
    await page.getByRole('button', { name: text('developers_delete'), exact: true }).click();
    await page.getByText(text('developers_deleted'), { exact: true }).waitFor();
    await waitForHeading(page, text('developers_apps_title'));
    expect(await page.locator('.dev-app').count()).toBe(1);
    expect(await page.locator('.dev-app').innerText()).not.toContain('Bozor Server');

    // The same screens in Russian.
    await page.getByLabel(text('choose_language'), { exact: true }).selectOption('ru');
    await page.getByRole('heading', { name: 'Разработчикам', exact: true }).waitFor();
    await bothWidths(page, 'developers-list-ru');
    await page.locator('.dev-app-name').click();
    await page.getByRole('heading', { name: 'Bozor Market', exact: true }).waitFor();
    await bothWidths(page, 'developers-app-ru');
    await page.goto(`${kirish.server.origin}/developers/new`);
    await page.getByRole('heading', { name: 'Регистрация приложения', exact: true }).waitFor();
    await bothWidths(page, 'developers-new-ru');

    await context.close();
    expect(errors).toEqual([]);
  });

  it('registers where logout returns to, and RP-initiated logout of the app returns there', async () => {
    // The partner's signed-out page: a real server, since the browser follows Kirish's redirect to it.
    const partner = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Partner</h1>'),
    );
    await new Promise<void>((listening) => partner.listen(0, '127.0.0.1', listening));
    const signedOut = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/signed-out`;
    const { page, context, errors } = await signedInPage(newAccount('Gulnora'));
    await page.goto(`${kirish.server.origin}/developers/new`);
    await waitForHeading(page, text('developers_new_title'));
    await fillApp(page, { name: 'Bozor Chiqish', redirect: `${PARTNER}/callback`, origin: PARTNER });
    const postLogout = page.getByLabel(text('developers_post_logout_uris_label'), { exact: true });
    // The redirect URIs' rules, said beside the field before anything is sent.
    await postLogout.fill(`${signedOut}#bye`);
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();
    const logoutError = fieldOf(page, text('developers_post_logout_uris_label')).locator('.field-error');
    await logoutError.waitFor({ state: 'visible' });
    expect(await logoutError.innerText()).toContain(text('uri_fragment_not_allowed'));
    await postLogout.fill(signedOut);
    await bothWidths(page, 'developers-post-logout-form');
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();
    await waitForHeading(page, 'Bozor Chiqish');
    const clientId = (await shown(page, text('developers_client_id')).innerText()).trim();
    await page.reload();
    await waitForHeading(page, 'Bozor Chiqish');
    expect(await postLogout.inputValue()).toBe(signedOut);

    // The partner signs the person in, then sends them to Kirish's end-session endpoint.
    const tokens = await letAppIn(kirish.server, page, { clientId, redirectUri: `${PARTNER}/callback` });
    const logout = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: signedOut,
      state: 'xayr',
    });
    await page.goto(`${kirish.server.origin}/sso/api/v1/oauth/logout/?${logout.toString()}`);
    await page.getByRole('heading', { name: 'Partner', exact: true }).waitFor();
    expect(page.url()).toBe(`${signedOut}?state=xayr`);
    expect(await appUserinfoStatus(kirish.server, tokens.access_token)).toBe(401);
    await context.close();
    partner.close();
    expect(errors).toEqual([]);
  });

  it('says an app that is not the person’s is not found', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Nodira'));
    await page.goto(`${kirish.server.origin}/developers/no-such-app`);
    await waitForHeading(page, text('developers_not_found_title'));
    expect(await page.getByRole('link', { name: `← ${text('developers_title')}`, exact: true }).count()).toBe(1);
    await context.close();
    expect(errors).toEqual([]);
  });
});
