/**
 * Issue 41: a passkey inside the demo partner's widget frame. The partner page is http://127.0.0.1 (the
 * demo server) and Kirish http://localhost, two sites, so the frame's ceremony is cross-origin: the
 * loader's iframe carries `allow="publickey-credentials-get"` (WebAuthn L3 §5.9), the frame's options
 * call names the client the embed is for, and the server accepts the answer because its topOrigin is
 * one of that client's web origins (docs/api.md, Passkeys).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, saveScreenshot } from '../support/browser.js';
import { text } from '../support/flows.js';
import { registerPasskey, withAuthenticator } from '../support/passkeys.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');

describe("a passkey in the demo partner's widget frame", () => {
  it('signs in from the frame\'s "Sign in with a passkey", and the partner page shows the name', async () => {
    const maker = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const credential = await registerPasskey(maker.page, kirish.server.origin, '+998905660001', 'Passkey-frame-41!');
    await maker.context.close();
    expect(maker.errors).toEqual([]);

    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await withAuthenticator(page, [credential]);
    // The button, not the autofill: Chromium's virtual authenticator answers an autofill request at once.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    const options: string[] = [];
    const answers: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/login/passkey/options/')) options.push(request.postData() ?? '');
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/login/passkey/')) answers.push(response.status());
    });
    await page.goto(kirish.server.demoOrigin);
    expect(await page.locator('#script-tag-widget iframe').getAttribute('allow')).toBe('publickey-credentials-get');
    const frame = page.frameLocator('#script-tag-widget iframe');
    await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    await pressInFrame(frame.getByRole('button', { name: text('passkey_sign_in'), exact: true }));
    await frame.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    expect(answers).toEqual([200]);
    expect(options.map((body) => JSON.parse(body) as unknown)).toEqual([{ client_id: DEMO_CLIENT_ID }]);
    await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));
    await page.getByText('Signed in as Sardor Toshmatov', { exact: true }).waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'passkey-widget-signed-in-1280');
    await context.close();
    expect(errors).toEqual([]);
  });
});
