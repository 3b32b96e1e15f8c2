import { describe, expect, it } from 'vitest';
import { userProfile } from '../../../lib/testing/user-profile';
import { securityGroups, type SecurityCounts, type SecurityRow } from './security-overview';

const LOADED: SecurityCounts = { ways: { on: 2, total: 3 }, passkeys: 0, twoStep: false, sessions: 3, apps: 0 };
const account = (changes: Parameters<typeof userProfile>[2] = {}) =>
  userProfile('u1', { first: 'Lola', last: 'Karimova' }, changes);
const allRows = (counts: SecurityCounts) => securityGroups(account(), counts).flatMap((group) => group.rows);
const row = (rows: SecurityRow[], id: SecurityRow['id']) => rows.find((candidate) => candidate.id === id);

describe('securityGroups', () => {
  it('groups the rows as people look for them, in this order', () => {
    const groups = securityGroups(account(), LOADED);
    expect(groups.map((group) => [group.title, group.rows.map((r) => r.id)])).toEqual([
      ['security_group_sign_in', ['password', 'phone', 'email', 'methods', 'two-step']],
      ['security_group_recovery', ['backup-phone', 'backup-email']],
      ['security_group_devices', ['sessions']],
      ['security_group_apps', ['apps']],
    ]);
    // Every row has an icon and opens a page.
    for (const r of groups.flatMap((group) => group.rows)) {
      expect(r.icon, r.id).toBeTruthy();
      expect(r.href, r.id).toMatch(/^\/(security|personal)\//);
    }
  });

  it('shows a backup e-mail when there is one, and "Not added" leading to the same page when there is none', () => {
    const without = securityGroups(account(), LOADED)[1]?.rows ?? [];
    expect(row(without, 'backup-email')).toMatchObject({
      label: 'security_secondary_email',
      value: { key: 'security_not_added' },
      href: '/security/user-data/secondary-email',
    });
    const withOne = securityGroups(account({ secondary_email: 'lola@example.uz' }), LOADED)[1]?.rows ?? [];
    expect(row(withOne, 'backup-email')?.value).toEqual({ text: 'lola@example.uz' });
    expect(row(withOne, 'backup-phone')?.value).toEqual({ key: 'security_not_added' });
  });

  it('formats the phones as the rest of the site does', () => {
    const groups = securityGroups(account({ secondary_phone: '+998911234567' }), LOADED);
    expect(row(groups[0]?.rows ?? [], 'phone')?.value).toEqual({ text: '+998 90 123 45 67', nowrap: true });
    expect(row(groups[1]?.rows ?? [], 'backup-phone')?.value).toEqual({ text: '+998 91 123 45 67', nowrap: true });
  });

  it('shows the username only when the account has one', () => {
    const ids = (changes: Parameters<typeof userProfile>[2]) =>
      securityGroups(account(changes), LOADED)[0]?.rows.map((r) => r.id);
    expect(ids({})).not.toContain('username');
    const named = account();
    const rows = securityGroups({ ...named, profile: { ...named.profile, username: 'lola.k' } }, LOADED)[0]?.rows ?? [];
    expect(rows.map((r) => r.id)).toEqual(['password', 'phone', 'email', 'username', 'methods', 'two-step']);
    expect(row(rows, 'username')?.value).toEqual({ text: 'lola.k' });
  });

  it('says when the password was last changed; without a password, "Not set" and the page that sets one by a code', () => {
    const set = securityGroups(account({ password_changed_at: '2026-11-20T10:00:00.000Z' }), LOADED)[0]?.rows ?? [];
    expect(row(set, 'password')).toMatchObject({
      value: { changedAt: '2026-11-20T10:00:00.000Z' },
      href: '/security/user-data/password/',
    });
    expect(row(securityGroups(account({ password_changed_at: null }), LOADED)[0]?.rows ?? [], 'password')?.value).toBe(
      null,
    );
    const none = securityGroups(account({ has_password: false, password_changed_at: null }), LOADED)[0]?.rows ?? [];
    expect(row(none, 'password')).toMatchObject({
      value: { key: 'security_password_none' },
      href: '/security/user-data/reset-password/',
    });
  });

  it('marks an unverified e-mail with a badge, a verified one without', () => {
    const unverified = securityGroups(account({ email: 'lola@example.uz', email_verified: false }), LOADED)[0]?.rows;
    expect(row(unverified ?? [], 'email')?.badge).toEqual({ key: 'personal_email_unverified', tone: 'warning' });
    const verified = securityGroups(account({ email: 'lola@example.uz', email_verified: true }), LOADED)[0]?.rows;
    expect(row(verified ?? [], 'email')?.badge).toBeUndefined();
    expect(row(securityGroups(account(), LOADED)[0]?.rows ?? [], 'email')?.value).toEqual({ key: 'personal_not_set' });
  });

  it('shows the counts once loaded: a number, "None" for zero, nothing while loading', () => {
    const loaded = allRows(LOADED);
    expect(row(loaded, 'sessions')?.value).toEqual({ text: '3' });
    expect(row(loaded, 'apps')?.value).toEqual({ key: 'security_none' });
    // A passkey is one more way in: counted on once there is one.
    expect(row(loaded, 'methods')?.value).toEqual({ key: 'security_ways_on', params: { n: 2, total: 4 } });
    expect(row(allRows({ ...LOADED, passkeys: 2 }), 'methods')?.value).toEqual({
      key: 'security_ways_on',
      params: { n: 3, total: 4 },
    });
    const loading = allRows({ ways: null, passkeys: null, twoStep: null, sessions: null, apps: null });
    expect([row(loading, 'sessions'), row(loading, 'apps'), row(loading, 'methods')].map((r) => r?.value)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('says whether two-step verification is on, and leads to its page', () => {
    expect(row(allRows(LOADED), 'two-step')).toMatchObject({
      label: 'security_two_step_title',
      badge: { key: 'login_method_off', tone: 'muted' },
      href: '/security/two-step/',
    });
    expect(row(allRows({ ...LOADED, twoStep: true }), 'two-step')?.badge).toEqual({
      key: 'login_method_on',
      tone: 'verified',
    });
    expect(row(allRows({ ...LOADED, twoStep: null }), 'two-step')?.badge).toBeUndefined();
  });
});
