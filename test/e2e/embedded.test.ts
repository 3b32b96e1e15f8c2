/**
 * The account site inside a frame (SPEC §1): after each path change it posts iframeUrlChange to its
 * parent, only once the server confirmed the parent's origin for the client, and never with a token.
 * The parent page here is on the SSO's own origin (the first-party client's web origin): pages that
 * other sites may frame come with the widget issue.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPageFor } from '../support/browser.js';
import { text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();

interface Received {
  origin: string;
  data: unknown;
}

/** A parent page at the SSO origin that frames `src` and records every message it receives. */
async function parentFraming(page: Page, src: string): Promise<void> {
  const host = `${kirish.server.origin}/frame-host-for-tests`;
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Parent</title><script>window.received = []; addEventListener('message', (e) => received.push({ origin: e.origin, data: e.data }));</script>
<iframe title="Kirish" src="${src}" style="width: 420px; height: 760px"></iframe>`,
    }),
  );
  await page.goto(host);
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

describe('the account site in a frame', () => {
  it('posts iframeUrlChange to a confirmed parent after each path change, without tokens', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const query = new URLSearchParams({ client_id: 'kirish-account', origin: kirish.server.origin, token: 'eyJ-should-not-leak' });
    await parentFraming(page, `${kirish.server.origin}/login?${query}`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor();
    await expect.poll(() => received(page)).toHaveLength(1);

    await frame.getByRole('link', { name: text('sign_up'), exact: true }).click();
    await frame.getByRole('heading', { name: text('register_title'), exact: true }).waitFor();
    await expect.poll(() => received(page)).toHaveLength(2);

    expect(await received(page)).toEqual([
      { origin: kirish.server.origin, data: { type: 'iframeUrlChange', url: `${kirish.server.origin}/login?client_id=kirish-account` } },
      { origin: kirish.server.origin, data: { type: 'iframeUrlChange', url: `${kirish.server.origin}/register` } },
    ]);
    expect(JSON.stringify(await received(page))).not.toContain('should-not-leak');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('posts nothing to a parent whose origin the server does not confirm for the client', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    // The parent really is at kirish.server.origin, but kirish-demo registers only the demo site's origin.
    const query = new URLSearchParams({ client_id: 'kirish-demo', origin: kirish.server.origin });
    const confirmation = page.waitForResponse((response) => response.url().includes('/oauth/embed_origin/'));
    await parentFraming(page, `${kirish.server.origin}/login?${query}`);
    expect((await confirmation).status()).toBe(400);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor();
    await frame.getByRole('link', { name: text('sign_up'), exact: true }).click();
    await frame.getByRole('heading', { name: text('register_title'), exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(await received(page)).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
