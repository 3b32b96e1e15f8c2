/**
 * The test identities of the authorization page: a few fixed ones and one the developer types. Each has
 * a stable subject per provider, so the same identity signs in to the same Kirish account again.
 */
import { createHash } from 'node:crypto';
import type { StandinProvider } from './options.js';

export interface StandinIdentity {
  /** What the subject is derived from: a preset's name, or what the typed identity was keyed by. */
  key: string;
  /** A subject typed on the page, given as it is (digits only where the provider's ids are numbers). */
  explicitSubject: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  emailVerified: boolean;
  /** E.164, `+998…`. */
  phone: string | null;
  phoneVerified: boolean;
  /** OneID's PINFL: 14 digits. */
  pinfl: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** Telegram's and X's handle. */
  username: string | null;
}

/** The demo account's contacts (demo-data.ts, DEMO_ACCOUNT; standin.test.ts checks they agree). */
export const DEMO_EMAIL = 'demo@kirish.uz';
export const DEMO_PHONE = '+998901234567';

const preset = (key: string, fields: Omit<StandinIdentity, 'key' | 'explicitSubject'>): StandinIdentity => ({
  key,
  explicitSubject: null,
  ...fields,
});

/** The preset identities, in the order the page lists them. */
export const PRESET_IDENTITIES: readonly StandinIdentity[] = [
  preset('dilnoza', {
    firstName: 'Dilnoza',
    lastName: 'Yusupova',
    email: 'dilnoza@example.com',
    emailVerified: true,
    phone: null,
    phoneVerified: false,
    pinfl: '41203950270012',
    birthDate: '1995-03-12',
    username: 'dilnoza_yu',
  }),
  // The demo account's e-mail and phone: Kirish must ask for proof of that account (the integration step).
  preset('aziza', {
    firstName: 'Aziza',
    lastName: 'Karimova',
    email: DEMO_EMAIL,
    emailVerified: true,
    phone: DEMO_PHONE,
    phoneVerified: true,
    pinfl: '42505880123456',
    birthDate: '1988-05-25',
    username: 'aziza_k',
  }),
  preset('timur', {
    firstName: 'Timur',
    lastName: 'Rashidov',
    email: 'timur@example.com',
    emailVerified: false,
    phone: '+998935556677',
    phoneVerified: false,
    pinfl: '30710920456789',
    birthDate: '1992-10-07',
    username: 'timur_r',
  }),
  preset('sardor', {
    firstName: 'Sardor',
    lastName: 'Aliyev',
    email: null,
    emailVerified: false,
    phone: '+998971234500',
    phoneVerified: true,
    pinfl: '31502010654321',
    birthDate: '2001-02-15',
    username: 'sardor_a',
  }),
];

/** The preset's line on the page: what `provider` would hand over (a PINFL only at OneID, a handle at Telegram and X). */
export function describeIdentity(identity: StandinIdentity, provider: StandinProvider): string {
  const contacts = [
    identity.email && `${identity.email} (${identity.emailVerified ? 'verified' : 'unverified'})`,
    identity.phone && `${identity.phone} (${identity.phoneVerified ? 'verified' : 'unverified'})`,
    provider === 'oneid' && identity.pinfl && `PINFL ${identity.pinfl}, born ${identity.birthDate ?? '?'}`,
    (provider === 'telegram' || provider === 'twitter') && identity.username && `@${identity.username}`,
  ].filter(Boolean);
  return `${identity.firstName} ${identity.lastName}, ${contacts.join(', ')}`;
}

/** The fields of the page's "type an identity" form. */
export interface TypedIdentityFields {
  first_name?: string;
  last_name?: string;
  email?: string;
  email_verified?: string;
  phone?: string;
  phone_verified?: string;
  pinfl?: string;
  birth_date?: string;
  username?: string;
  subject?: string;
}

const text = (value: string | undefined) => (value ?? '').trim();

/** A typed identity, or the sentence saying what is wrong with it (the page shows it). */
export function typedIdentity(
  fields: TypedIdentityFields,
  provider: StandinProvider,
): StandinIdentity | { problem: string } {
  const firstName = text(fields.first_name);
  const email = text(fields.email).toLowerCase() || null;
  const phoneDigits = text(fields.phone).replace(/[\s()-]/g, '');
  const phone = phoneDigits ? (phoneDigits.startsWith('+') ? phoneDigits : `+${phoneDigits}`) : null;
  const pinfl = text(fields.pinfl) || null;
  const birthDate = text(fields.birth_date) || null;
  if (!firstName) return { problem: 'Type a first name.' };
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { problem: 'The e-mail is not an address.' };
  if (phone && !/^\+\d{9,15}$/.test(phone)) return { problem: 'The phone must be +998 and 9 digits.' };
  if (pinfl && !/^\d{14}$/.test(pinfl)) return { problem: 'The PINFL is 14 digits.' };
  if (birthDate && !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return { problem: 'The birth date is YYYY-MM-DD.' };
  if (provider === 'oneid' && (!pinfl || !birthDate)) return { problem: 'OneID needs a PINFL and a birth date.' };
  const explicitSubject = text(fields.subject) || null;
  return {
    key: `typed:${explicitSubject ?? email ?? phone ?? `${firstName} ${text(fields.last_name)}`.toLowerCase()}`,
    explicitSubject,
    firstName,
    lastName: text(fields.last_name),
    email,
    emailVerified: email !== null && fields.email_verified !== undefined,
    phone,
    phoneVerified: phone !== null && fields.phone_verified !== undefined,
    pinfl,
    birthDate,
    username: text(fields.username).replace(/^@/, '') || null,
  };
}

/** How many digits each provider's numeric user ids have (Google's `sub`, VK's `id`, …). */
const SUBJECT_DIGITS: Record<Exclude<StandinProvider, 'apple' | 'oneid'>, number> = {
  google: 21,
  yandex: 10,
  vk: 9,
  facebook: 16,
  telegram: 10,
  twitter: 19,
};

/**
 * The identity's subject at `provider`: the same every time, different at each provider (as real ones
 * are), shaped like that provider's ids. A typed subject is kept, where the provider's ids allow it.
 */
export function subjectFor(provider: StandinProvider, identity: StandinIdentity): string {
  const numeric = provider !== 'apple' && provider !== 'oneid';
  if (identity.explicitSubject && (!numeric || /^\d{1,15}$/.test(identity.explicitSubject)))
    return identity.explicitSubject;
  const digest = createHash('sha256').update(`${provider}:${identity.key}`).digest('hex');
  if (provider === 'apple') return `000${digest.slice(0, 3)}.${digest.slice(3, 35)}.${digest.slice(35, 39)}`;
  if (provider === 'oneid')
    return `${identity.key.replace(/^typed:/, '').replace(/[^a-z0-9]/gi, '_')}_${digest.slice(0, 6)}`;
  const digits = BigInt(`0x${digest}`).toString().slice(0, SUBJECT_DIGITS[provider]);
  return digits.replace(/^0/, '1');
}
