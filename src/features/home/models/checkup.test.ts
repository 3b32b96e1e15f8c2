import { describe, expect, it } from 'vitest';
import { userProfile } from '../../../lib/testing/user-profile';
import type { UserProfile } from '../../../lib/session';
import { checkupItems } from './checkup';

const ids = (changes: Partial<UserProfile>) =>
  checkupItems({ profile: userProfile('u1', { first: 'Zarina', last: 'Karimova' }, changes) }).map((item) => item.id);

describe("Home's security checkup", () => {
  it('asks a new account with an unverified e-mail and no backup phone for both, e-mail first', () => {
    expect(ids({ email: 'zarina@example.uz', email_verified: false })).toEqual(['verify_email', 'backup_phone']);
  });

  it('drops "Verify your e-mail" once it is verified, and asks nothing about an account without an e-mail', () => {
    expect(ids({ email: 'zarina@example.uz', email_verified: true })).toEqual(['backup_phone']);
    expect(ids({ email: null })).toEqual(['backup_phone']);
  });

  it('drops "Add a backup phone" once there is one: nothing left to do', () => {
    expect(ids({ email: 'zarina@example.uz', email_verified: true, secondary_phone: '+998907654321' })).toEqual([]);
  });

  it('asks to turn on two-step verification once Home knows it is off, and not before or once it is on', () => {
    const profile = userProfile('u1', { first: 'Zarina', last: 'Karimova' }, { secondary_phone: '+998907654321' });
    const asked = (twoStepEnabled: boolean | null) =>
      checkupItems({ profile, twoStepEnabled }).map((item) => [item.id, item.href]);
    expect(asked(false)).toEqual([['two_step', '/security/two-step/']]);
    expect(asked(null)).toEqual([]);
    expect(asked(true)).toEqual([]);
  });

  it('asks an account made with an e-mail alone for a phone, not for a backup of a phone it does not have', () => {
    expect(ids({ phone: null, email: 'zarina@example.uz', email_verified: true })).toEqual(['add_phone']);
  });

  it('leads each item to the screen that does it', () => {
    const items = checkupItems({
      profile: userProfile('u1', { first: 'Zarina', last: 'Karimova' }, { email: 'z@example.uz' }),
    });
    expect(Object.fromEntries(items.map((item) => [item.id, item.href]))).toEqual({
      verify_email: '/security/user-data/email',
      backup_phone: '/security/user-data/secondary-phone',
    });
    expect(
      checkupItems({ profile: userProfile('u1', { first: 'Z', last: 'K' }, { phone: null }) }).map((i) => i.href),
    ).toEqual(['/security/user-data/edit-phone']);
  });
});
