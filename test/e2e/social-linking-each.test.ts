/**
 * Issue 36: every provider links to a signed-in account from the login-methods page and unlinks from it
 * (social-linking.test.ts shows one of them in detail, with the question, the last way in and the
 * `integration` step). Each provider's own callback runs here: the fragment of Google and Yandex, the
 * code of VK, Facebook, OneID and X, Apple's form_post and Telegram's signed fields.
 */
import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '../../server/src/contract/social.js';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { signedInTab } from '../support/api-accounts.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { accountsNamed, continueAs, linkedProviders, PROVIDER_NAMES, waitForStandin } from '../support/standin.js';

const kirish = useRunningKirish();
const PROVIDERS: SocialProvider[] = ['google', 'oneid', 'telegram', 'yandex', 'vk', 'facebook', 'apple', 'twitter'];

describe('linking each provider from the login methods', () => {
  it.each(PROVIDERS)(
    '%s: links to the signed-in demo account, shows it, and unlinks it',
    async (provider) => {
      const name = PROVIDER_NAMES[provider];
      const { page, context, errors } = await signedInTab(kirish.browser, kirish.server.origin, DEMO_ACCOUNT);
      const [user] = accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName);
      const linked = page.getByRole('region', { name: text('login_methods_linked') });
      await page.goto(`${kirish.server.origin}/security/login-methods/`);
      await waitForHeading(page, text('login_methods_title'));

      await linked.getByRole('button', { name: text('login_methods_link_named', { provider: name }) }).click();
      await waitForStandin(page, provider);
      await continueAs(page, {
        firstName: DEMO_ACCOUNT.firstName,
        lastName: DEMO_ACCOUNT.lastName,
        subject: `demo-linked-${provider}`,
        ...(provider === 'oneid' ? { pinfl: '31505900123456', birthDate: '1990-05-15' } : {}),
        ...(provider === 'telegram' || provider === 'twitter' ? { username: 'aziza_demo' } : {}),
      });
      await page.getByText(text('social_linked', { provider: name }), { exact: true }).waitFor({ timeout: 20_000 });
      expect(linkedProviders(kirish.databasePath, user!.id)).toEqual([provider]);
      // No second account was made for the identity.
      expect(accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName)).toHaveLength(1);

      await linked.getByRole('button', { name: text('login_methods_unlink_named', { provider: name }) }).click();
      await linked.getByRole('button', { name: text('login_methods_unlink'), exact: true }).click();
      await page.getByText(text('login_methods_unlinked', { provider: name }), { exact: true }).waitFor();
      expect(linkedProviders(kirish.databasePath, user!.id)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
