/**
 * The stand-in identity provider's page (docs/social-sign-in.md, "The stand-in") as a person uses it in
 * the browser tests: the heading that says which provider it stands in for, a preset or a typed
 * identity, then Continue or Cancel. And what the database holds of an account made through a provider.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { SocialProvider } from '../../server/src/contract/social.js';
import { text, waitForHeading } from './flows.js';

/** The names the account site and the stand-in give each provider. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  oneid: 'OneID',
  telegram: 'Telegram',
  yandex: 'Yandex',
  vk: 'VK',
  facebook: 'Facebook',
  apple: 'Apple',
  twitter: 'X',
};

/** A person typed into the stand-in's form ("The identity typed below"). */
export interface TypedIdentity {
  firstName: string;
  lastName: string;
  email?: string;
  /** For OneID: both required there. */
  pinfl?: string;
  birthDate?: string;
  /** For Telegram and X. */
  username?: string;
  /** Makes the identity's subject at each provider stable and its own. */
  subject: string;
}

/** Presses "Continue with {Provider}" in the sign-in row and waits for the stand-in's page. */
export async function continueWithProvider(page: Page, provider: SocialProvider): Promise<void> {
  const name = PROVIDER_NAMES[provider];
  await page
    .getByRole('navigation', { name: text('sign_in_providers') })
    .getByRole('button', { name: text('social_continue_with', { provider: name }), exact: true })
    .click();
  await waitForStandin(page, provider);
}

export async function waitForStandin(page: Page, provider: SocialProvider): Promise<void> {
  const name = PROVIDER_NAMES[provider];
  await waitForHeading(page, `Kirish stand-in for ${name} — not the real ${name}`);
}

/** Types `identity` into the stand-in's form (which picks "The identity typed below") and presses Continue. */
export async function continueAs(page: Page, identity: TypedIdentity): Promise<void> {
  const fill = async (label: string, value: string | undefined) => {
    if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  };
  await fill('First name', identity.firstName);
  await fill('Last name', identity.lastName);
  await fill('E-mail', identity.email);
  await fill('PINFL (14 digits)', identity.pinfl);
  await fill('Birth date', identity.birthDate);
  await fill('Username', identity.username);
  await page.getByLabel(/^Subject/).fill(identity.subject);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Picks one of the stand-in's preset people by the start of its label and presses Continue. */
export async function continueAsPreset(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

export async function cancelStandin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
}

export interface AccountRow {
  id: string;
  registration_kind: number | null;
  phone: string | null;
  first_name: string;
}

/** The accounts linked to `provider`'s identity of `subject`-derived people, read from the server's SQLite file. */
export function accountsLinkedTo(databasePath: string, provider: SocialProvider, display?: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare(
        `SELECT u.id, u.registration_kind, u.phone, u.first_name, l.subject, l.display
           FROM linked_identities l JOIN users u ON u.id = l.user_id
          WHERE l.provider = ?${display === undefined ? '' : ' AND l.display = ?'}`,
      )
      .all(...(display === undefined ? [provider] : [provider, display])) as (AccountRow & {
      subject: string;
      display: string | null;
    })[];
  } finally {
    db.close();
  }
}

/** The accounts whose first name is `firstName` (the typed identities' names are unique per test). */
export function accountsNamed(databasePath: string, firstName: string): AccountRow[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare('SELECT id, registration_kind, phone, first_name FROM users WHERE first_name = ?')
      .all(firstName) as AccountRow[];
  } finally {
    db.close();
  }
}

/** The providers linked to the account `userId`. */
export function linkedProviders(databasePath: string, userId: string): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return (
      db.prepare('SELECT provider FROM linked_identities WHERE user_id = ? ORDER BY provider').all(userId) as {
        provider: string;
      }[]
    ).map((row) => row.provider);
  } finally {
    db.close();
  }
}
