/**
 * /security's groups of rows, as people look for them (issue 35): how you sign in, how you get back in
 * (recovery), where you are signed in, which apps may act for you. Pure: the account and the counts
 * the screen loaded go in, the rows to draw come out, each naming its icon, label, value, badge and page.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import type { IconName } from '../../../components/icon';
import { formatPhone } from '../../../lib/format/phone';
import type { UserProfile } from '../../../lib/session';

/** The value column of a row: the account's own text, a catalogue text, or "Last changed <relative time>". */
export type RowValue =
  | { text: string; nowrap?: true }
  | { key: CatalogueKey; params?: Record<string, string | number> }
  | { changedAt: string };

export interface SecurityRow {
  id:
    | 'password'
    | 'phone'
    | 'email'
    | 'username'
    | 'methods'
    | 'two-step'
    | 'backup-phone'
    | 'backup-email'
    | 'sessions'
    | 'apps';
  icon: IconName;
  label: CatalogueKey;
  /** Null while its count loads (or when it failed to): the row shows no value then. */
  value: RowValue | null;
  /** One status badge at most; they line up in one column. */
  badge?: { key: CatalogueKey; tone: 'warning' | 'verified' | 'muted' };
  href: string;
}

export interface SecurityGroup {
  id: 'sign-in' | 'recovery' | 'devices' | 'apps';
  title: CatalogueKey;
  rows: SecurityRow[];
  /** A line under the group's rows. */
  hint?: CatalogueKey;
}

/** What the overview loads beside the account; null until it has come (or when it could not). */
export interface SecurityCounts {
  /** Sign-in ways switched on, of those GET /user/login-methods/ lists. */
  ways: { on: number; total: number } | null;
  /** The account's passkeys (GET /user/passkeys/): one or more is one more way in switched on. */
  passkeys: number | null;
  /** Whether two-step verification is on (GET /user/two-step/). */
  twoStep: boolean | null;
  sessions: number | null;
  apps: number | null;
}

const contact = (value: string | null, empty: CatalogueKey): RowValue => (value ? { text: value } : { key: empty });
// A phone number is one token: it never breaks inside (issue 35).
const phone = (value: string | null, empty: CatalogueKey): RowValue =>
  value ? { text: formatPhone(value), nowrap: true } : { key: empty };

const count = (n: number | null): RowValue | null =>
  n === null ? null : n === 0 ? { key: 'security_none' } : { text: String(n) };

/** "n of total on": the ways GET /user/login-methods/ lists, and passkeys as one more, once both have come. */
function waysOn(counts: SecurityCounts): RowValue | null {
  if (!counts.ways || counts.passkeys === null) return null;
  const passkeys = counts.passkeys > 0 ? 1 : 0;
  return { key: 'security_ways_on', params: { n: counts.ways.on + passkeys, total: counts.ways.total + 1 } };
}

export function securityGroups(user: UserProfile, counts: SecurityCounts): SecurityGroup[] {
  const signIn: SecurityRow[] = [
    {
      id: 'password',
      icon: 'key',
      label: 'password_label',
      value: !user.has_password
        ? { key: 'security_password_none' }
        : user.password_changed_at
          ? { changedAt: user.password_changed_at }
          : null,
      // Without a password there is none to change: the reset page sets one by a code.
      href: user.has_password ? '/security/user-data/password/' : '/security/user-data/reset-password/',
    },
    {
      id: 'phone',
      icon: 'phone',
      label: 'phone_label',
      value: phone(user.phone, 'personal_not_set'),
      href: '/security/user-data/edit-phone',
    },
    {
      id: 'email',
      icon: 'mail',
      label: 'email_label',
      value: contact(user.email, 'personal_not_set'),
      // The e-mail page offers an unverified address to be verified first, or changed instead.
      ...(user.email && !user.email_verified
        ? { badge: { key: 'personal_email_unverified', tone: 'warning' } as const }
        : {}),
      href: '/security/user-data/email',
    },
    ...(user.profile.username
      ? [
          {
            id: 'username',
            icon: 'at-sign',
            label: 'username_label',
            value: { text: user.profile.username },
            href: '/personal/edit/username',
          } satisfies SecurityRow,
        ]
      : []),
    {
      id: 'methods',
      icon: 'shield',
      label: 'login_methods_title',
      value: waysOn(counts),
      href: '/security/login-methods/',
    },
    {
      id: 'two-step',
      icon: 'lock',
      label: 'security_two_step_title',
      value: null,
      ...(counts.twoStep === null
        ? {}
        : {
            badge: counts.twoStep
              ? ({ key: 'login_method_on', tone: 'verified' } as const)
              : ({ key: 'login_method_off', tone: 'muted' } as const),
          }),
      href: '/security/two-step/',
    },
  ];
  return [
    { id: 'sign-in', title: 'security_group_sign_in', rows: signIn },
    {
      id: 'recovery',
      title: 'security_group_recovery',
      rows: [
        {
          id: 'backup-phone',
          icon: 'phone',
          label: 'security_secondary_phone',
          value: phone(user.secondary_phone, 'security_not_added'),
          href: '/security/user-data/secondary-phone',
        },
        {
          id: 'backup-email',
          icon: 'mail',
          label: 'security_secondary_email',
          value: contact(user.secondary_email, 'security_not_added'),
          href: '/security/user-data/secondary-email',
        },
      ],
      hint: 'security_secondary_hint',
    },
    {
      id: 'devices',
      title: 'security_group_devices',
      rows: [
        {
          id: 'sessions',
          icon: 'devices',
          label: 'sessions_title',
          value: count(counts.sessions),
          href: '/security/active-sessions/',
        },
      ],
    },
    {
      id: 'apps',
      title: 'security_group_apps',
      rows: [
        {
          id: 'apps',
          icon: 'apps',
          label: 'security_connected_apps',
          value: count(counts.apps),
          href: '/security/login-methods/#apps',
        },
      ],
    },
  ];
}
