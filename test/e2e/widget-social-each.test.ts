/**
 * Issue 36: each of the eight providers signs a new person in from inside the demo partner's widget frame
 * (widget-social.test.ts shows Google in detail, with the integration step and a linked identity): the
 * frame's button opens a Kirish window, the stand-in's page, back to /oauth/{provider} in the window, the
 * new account's phone confirmed there, the window closes, consent in the frame, and the partner is signed
 * in. Each provider's own callback runs in the window: Google's and Yandex's fragment, Apple's form_post,
 * Telegram's signed fields, the others' code.
 */
import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '../../server/src/contract/social.js';
import { DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, whenClosed } from '../support/browser.js';
import { codeBox, national, text } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { continueAs, PROVIDER_NAMES } from '../support/standin.js';

const kirish = useRunningKirish('localhost');
const PROVIDERS: SocialProvider[] = ['google', 'oneid', 'telegram', 'yandex', 'vk', 'facebook', 'apple', 'twitter'];

describe("each provider inside the demo partner's widget frame", () => {
  it.each(PROVIDERS.map((provider, index) => [provider, index] as const))(
    '%s: a new person signs in through the Kirish window, and the partner is signed in',
    async (provider, index) => {
      const name = PROVIDER_NAMES[provider];
      const person = { firstName: 'Nodira', lastName: `Sobirova${'abcdefgh'[index]}` };
      const phone = `+99890777${String(1000 + index)}`;
      const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
      await page.goto(kirish.server.demoOrigin);
      const frame = page.frameLocator('#script-tag-widget iframe');
      const button = frame
        .getByRole('navigation', { name: text('sign_in_providers') })
        .getByRole('button', { name: text('social_continue_with', { provider: name }), exact: true });
      await button.waitFor({ timeout: 20_000 });

      const opened = page.waitForEvent('popup');
      await pressInFrame(button);
      const popup = await opened;
      await popup.waitForURL((url) => url.origin === kirish.server.standinOrigin, { timeout: 20_000 });
      await continueAs(popup, {
        ...person,
        subject: `widget-${provider}`,
        ...(provider === 'oneid' ? { pinfl: `3150590012345${index}`, birthDate: '1991-03-08' } : {}),
        ...(provider === 'telegram' || provider === 'twitter' ? { username: `nodira_${provider}` } : {}),
      });

      await popup.getByRole('heading', { name: text('confirm_phone_title'), exact: true }).waitFor({ timeout: 20_000 });
      expect(new URL(popup.url()).origin).toBe(kirish.server.origin);
      await popup.getByLabel(text('phone_label'), { exact: true }).fill(national(phone));
      await popup.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
      await codeBox(popup).fill(await latestCode(kirish.server.origin, phone));
      await whenClosed(popup, 20_000);

      await frame
        .getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true })
        .waitFor({ timeout: 20_000 });
      await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));
      await page
        .getByText(`Signed in as ${person.firstName} ${person.lastName}`, { exact: true })
        .waitFor({ timeout: 15_000 });
      await context.close();
      expect(errors).toEqual([]);
    },
    90_000,
  );
});
