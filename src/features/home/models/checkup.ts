/**
 * Home's security checkup: what would make the account safer, each a link to the screen that does it, and gone once
 * done. The list is data: a new check is one entry of CHECKS (issue 41 adds "Turn on two-step verification" as
 * `{ id: 'two_step', needed: (facts) => …, href: …, key: …, hint: …, icon: … }`, reading what it needs from
 * CheckupFacts). Nothing else on Home changes for it.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import type { Profile } from '../../../../server/src/contract/profile.js';
import type { IconName } from '../../../components/icon';

/** What the checks read: today the profile alone (issue 41 adds whether two-step verification is on). */
export interface CheckupFacts {
  profile: Profile;
}

export type CheckupId = 'verify_email' | 'add_phone' | 'backup_phone';

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
];

/** The checks this account still needs, in the order of CHECKS; an empty list means all is done. */
export function checkupItems(facts: CheckupFacts): CheckupItem[] {
  return CHECKS.filter((check) => check.needed(facts)).map(({ needed: _needed, ...item }) => item);
}
