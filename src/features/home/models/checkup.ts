/**
 * Home's security checkup: what would make the account safer, each a link to the screen that does it, and gone once
 * done. The list is data: a new check is one entry of CHECKS, reading what it needs from CheckupFacts.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import type { Profile } from '../../../../server/src/contract/profile.js';
import type { IconName } from '../../../components/icon';

/** What the checks read: the profile, and whether two-step verification is on (null until Home has read it). */
export interface CheckupFacts {
  profile: Profile;
  twoStepEnabled?: boolean | null;
}

export type CheckupId = 'verify_email' | 'add_phone' | 'backup_phone' | 'two_step';

export interface CheckupItem {
  id: CheckupId;
  /** The screen that does it: one tap away. */
  href: string;
  key: CatalogueKey;
  hint: CatalogueKey;
  icon: IconName;
}

const CHECKS: readonly (CheckupItem & { needed: (facts: CheckupFacts) => boolean })[] = [
  {
    // An unverified e-mail neither signs in nor restores the password (docs/api.md, POST /user/verify-email/).
    id: 'verify_email',
    needed: ({ profile }) => profile.email !== null && !profile.email_verified,
    href: '/security/user-data/email',
    key: 'home_checkup_verify_email',
    hint: 'home_checkup_verify_email_hint',
    icon: 'mail',
  },
  {
    // An account made with an e-mail alone: a phone first, the backup phone after it.
    id: 'add_phone',
    needed: ({ profile }) => profile.phone === null,
    href: '/security/user-data/edit-phone',
    key: 'home_checkup_add_phone',
    hint: 'home_checkup_add_phone_hint',
    icon: 'phone',
  },
  {
    // A backup phone receives a password-reset code when the main one is lost (docs/api.md, POST /user/secondary/).
    id: 'backup_phone',
    needed: ({ profile }) => profile.phone !== null && profile.secondary_phone === null,
    href: '/security/user-data/secondary-phone',
    key: 'home_checkup_backup_phone',
    hint: 'home_checkup_backup_phone_hint',
    icon: 'phone',
  },
  {
    // Issue 41: a stolen password alone no longer signs in. Asked only once Home knows it is off.
    id: 'two_step',
    needed: ({ twoStepEnabled }) => twoStepEnabled === false,
    href: '/security/two-step/',
    key: 'home_checkup_two_step',
    hint: 'home_checkup_two_step_hint',
    icon: 'shield',
  },
];

/** The checks this account still needs, in the order of CHECKS; an empty list means all is done. */
export function checkupItems(facts: CheckupFacts): CheckupItem[] {
  return CHECKS.filter((check) => check.needed(facts)).map(({ needed: _needed, ...item }) => item);
}
