/**
 * The pages' Content-Security-Policy in Chromium against the built server (issue 10 §5): every screen
 * of the account site, the consent page and the widget's frame on the demo partner site load with no
 * violation — neither in the page's `securitypolicyviolation` events nor at the report endpoint — and
 * a script injected into a served page does not run and is reported.
 */
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, type TestPage } from '../support/browser.js';
import { expectHome, national, passwordSignIn, registerByPhone, text, waitForHeading } from '../support/flows.js';
import { oauthPath } from '../support/oauth-request.js';
import { deactivateDirectly, useRunningKirish } from '../support/running-kirish.js';

// localhost for the SSO, 127.0.0.1 for the demo partner: two sites, as after `npm start`.
const kirish = useRunningKirish('localhost');

interface SeenViolation {
  frame: string;
  directive: string;
  blocked: string;
  sample: string;
}

interface RecordedViolation {
  site: string;
  document: string;
  blocked: string;
  directive: string;
  sample: string;
}

/**
 * A fresh English page whose every frame hands its `securitypolicyviolation` events to the test. The
 * listener comes in through the DevTools protocol, which the page's policy does not govern.
 */
async function watchedPage(): Promise<TestPage & { seen: SeenViolation[] }> {
  const page = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
  const seen: SeenViolation[] = [];
  await page.context.exposeBinding('kirishCspViolation', ({ frame }, violation: Omit<SeenViolation, 'frame'>) => {
    seen.push({ frame: frame.url(), ...violation });
  });
  await page.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { kirishCspViolation: (violation: unknown) => void }).kirishCspViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return { ...page, seen };
}

/** What the server recorded at its report endpoint (GET /dev/csp-reports), newest first. */
async function recordedViolations(): Promise<RecordedViolation[]> {
  const response = await fetch(`${kirish.server.origin}/dev/csp-reports`);
  expect(response.status).toBe(200);
  return (await response.json()) as RecordedViolation[];
}

/** Visits `path` and waits for the heading that says the screen is there. */
async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${kirish.server.origin}${path}`);
  await waitForHeading(page, heading);
}

/** A report is sent after the violation, by the browser, on its own time: give it that time. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(1_000);
}

async function closeAndCheck(context: BrowserContext, errors: string[]): Promise<void> {
  await context.close();
  // A blocked load or inline script is also a console error ("Refused to …").
  expect(errors).toEqual([]);
}

/** Injects, as an XSS would, an inline script element and an inline event handler; says which ran. */
async function inject(target: Page | Frame): Promise<{ pwned: unknown; handled: unknown }> {
  return target.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.pwned = 1';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/no-such-image.png" onerror="window.handled = 1">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const globals = window as unknown as { pwned?: unknown; handled?: unknown };
    return { pwned: globals.pwned, handled: globals.handled };
  });
}

let phoneSeed = 907880000;

describe('the Content-Security-Policy of every screen', () => {
  it('reports no violation on the signed-out screens, prerendered and hydrated', async () => {
    const before = await recordedViolations();
    const { page, context, errors, seen } = await watchedPage();
    await visit(page, '/login', text('login_title'));
    // Typing starts the device fingerprint (lib/device-id.ts), which must run under the policy too.
    await page.getByLabel(text('phone_or_email_label'), { exact: true }).fill('901234567');
    await page.waitForTimeout(500);
    await visit(page, '/register', text('register_title'));
    await visit(page, '/reset-password', text('reset_title'));
    await visit(page, '/version', text('version_title'));
    await visit(page, '/no/such/page', text('not_found_title'));
    // A prerendered page in another language: its texts come in the page's data block.
    await context.addCookies([{ name: '_locale', value: 'ru', url: kirish.server.origin }]);
    await page.goto(`${kirish.server.origin}/login`);
    await page.locator('html[lang="ru"]').waitFor();
    await page.waitForFunction(() => document.querySelector('#kirish-texts') !== null);
    await settle(page);
    expect(seen).toEqual([]);
    expect(await recordedViolations()).toEqual(before);
    await closeAndCheck(context, errors);
  });

  it('reports no violation on any screen of a signed-in person, the consent page and the deleted-account page', async () => {
    const before = await recordedViolations();
    const { page, context, errors, seen } = await watchedPage();
    const account = {
      phone: `+998${++phoneSeed}`,
      firstName: 'Malika',
      lastName: 'Usmonova',
      password: `Registon-${phoneSeed}`,
    };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);

    const screens: [string, string][] = [
      ['/personal', `${account.firstName} ${account.lastName}`],
      ['/personal/edit', text('personal_edit_title')],
      ['/personal/address', text('address_title')],
      ['/security', text('section_security')],
      ['/security/user-data/secondary-phone', text('security_secondary_phone')],
      ['/security/user-data/secondary-email', text('security_secondary_email')],
      ['/security/user-data/edit-phone', text('change_phone_title')],
      ['/security/user-data/email', text('add_email_title')],
      ['/security/user-data/password/', text('security_change_password')],
      ['/security/user-data/reset-password/', text('reset_title')],
      ['/security/login-methods/', text('login_methods_title')],
      ['/security/active-sessions/', text('sessions_title')],
      ['/pay', text('payments_title')],
      ['/projects/hissa', text('title_hissa')],
      ['/version', text('version_title')],
      ['/no/such/page', text('not_found_title')],
      ['/', text('home_greeting', { name: account.firstName })],
    ];
    for (const [path, heading] of screens) await visit(page, path, heading);

    // The consent page of a third-party app (the demo shop).
    await visit(page, oauthPath(kirish, { state: 'st' }), text('consent_title', { app: DEMO_CLIENT_NAME }));

    // Deactivated (docs/product.md §6): no screen but DeletedAccount. The flag is set directly, as in auth-flows.
    deactivateDirectly(kirish, account.phone);
    await visit(page, '/personal', text('deleted_account_title'));
    expect(new URL(page.url()).pathname).toBe('/deleted-account');

    await settle(page);
    expect(seen).toEqual([]);
    expect(await recordedViolations()).toEqual(before);
    await closeAndCheck(context, errors);
  });

  it('reports no violation on the demo partner site, nor in the widget’s /embed frames it holds', async () => {
    const before = await recordedViolations();
    const { page, context, errors, seen } = await watchedPage();
    await page.goto(kirish.server.demoOrigin);
    for (const box of ['#script-tag-widget', '#react-widget']) {
      const frame = page.frameLocator(`${box} iframe`);
      await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    }
    // Sign in inside the script tag's frame: the consent step is a screen of the frame too.
    const frame = page.frameLocator('#script-tag-widget iframe');
    await passwordSignIn(frame, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password, { click: pressInFrame });
    await frame.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));
    // The partner redeems the code at the SSO's token endpoint and asks userinfo: its policy allows both.
    await page.getByText(/^Signed in as /).waitFor({ timeout: 15_000 });
    await settle(page);
    expect(seen).toEqual([]);
    expect(await recordedViolations()).toEqual(before);
    expect(errors).toEqual([]);

    // A check of the watchers themselves: what is blocked in the partner's page and in a frame it
    // holds reaches the test, the partner's at its own endpoint and the frame's at the SSO's.
    const embed = page.frames().find((candidate) => candidate.url().startsWith(`${kirish.server.origin}/embed`));
    expect(embed).toBeDefined();
    expect(await inject(page)).toEqual({ pwned: undefined, handled: undefined });
    expect(await inject(embed as Frame)).toEqual({ pwned: undefined, handled: undefined });
    expect(seen.map((violation) => new URL(violation.frame).origin)).toEqual(
      expect.arrayContaining([kirish.server.demoOrigin, kirish.server.origin]),
    );
    const added = async () => {
      const now = await recordedViolations();
      return now
        .slice(0, now.length - before.length)
        .map((violation) => `${violation.site} ${new URL(violation.document).pathname} ${violation.directive}`)
        .toSorted();
    };
    await expect
      .poll(added, { timeout: 10_000 })
      .toEqual([
        'demo / script-src-attr',
        'demo / script-src-elem',
        'sso /embed script-src-attr',
        'sso /embed script-src-elem',
      ]);
    await context.close();
  });
});

describe('a script injected into a served page', () => {
  it('does not run, and is reported to the endpoint and in the page', async () => {
    const { page, context, seen } = await watchedPage();
    await visit(page, '/login', text('login_title'));
    expect(await inject(page)).toEqual({ pwned: undefined, handled: undefined });

    expect(seen).toEqual(
      expect.arrayContaining([
        {
          frame: `${kirish.server.origin}/login`,
          directive: 'script-src-elem',
          blocked: 'inline',
          sample: 'window.pwned = 1',
        },
        {
          frame: `${kirish.server.origin}/login`,
          directive: 'script-src-attr',
          blocked: 'inline',
          sample: 'window.handled = 1',
        },
      ]),
    );
    await expect
      .poll(
        async () =>
          (await recordedViolations()).filter((violation) => violation.document === `${kirish.server.origin}/login`),
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            site: 'sso',
            directive: 'script-src-elem',
            blocked: 'inline',
            sample: 'window.pwned = 1',
          }),
          expect.objectContaining({
            site: 'sso',
            directive: 'script-src-attr',
            blocked: 'inline',
            sample: 'window.handled = 1',
          }),
        ]),
      );
    await context.close();
  });

  it('runs on the same page served without its policy, so the test above would notice a page that lost it', async () => {
    const { page, context, seen } = await watchedPage();
    await page.route(`${kirish.server.origin}/login`, async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => name !== 'content-security-policy'),
      );
      await route.fulfill({ response, headers });
    });
    await visit(page, '/login', text('login_title'));
    expect(await inject(page)).toEqual({ pwned: 1, handled: 1 });
    expect(seen).toEqual([]);
    await context.close();
  });
});
