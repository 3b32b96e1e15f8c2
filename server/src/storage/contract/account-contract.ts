/**
 * What the accounts part (kysely-account-storage.ts) promises: unique contacts, the owner of a
 * contact, deactivation and erasure.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, user, type OpenStorage, usingStorage } from './contract-records.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function describeAccountStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's accounts`, () => {
    it('finds users by id and phone, and by e-mail only when verified', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', email: 'a@b.uz', emailVerified: true }));
        await storage.users.insert(user('u2', { email: 'c@d.uz' }));
        expect((await storage.users.findById('u1'))?.phone).toBe('+998901234567');
        expect((await storage.users.findByPhone('+998901234567'))?.id).toBe('u1');
        expect((await storage.users.findByVerifiedEmail('a@b.uz'))?.emailVerified).toBe(true);
        expect(await storage.users.findByVerifiedEmail('c@d.uz')).toBeUndefined();
        expect(await storage.users.hasUnverifiedEmail('c@d.uz')).toBe(true);
        expect(await storage.users.hasUnverifiedEmail('a@b.uz')).toBe(false);
        expect(await storage.users.hasUnverifiedEmail('x@y.uz')).toBe(false);
      }));

    it('refuses a second account with the same phone or the same verified e-mail, not an unverified one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', email: 'a@b.uz', emailVerified: true }));
        await expect(storage.users.insert(user('u2', { phone: '+998901234567' }))).rejects.toThrow(/unique/i);
        await expect(storage.users.insert(user('u3', { email: 'a@b.uz', emailVerified: true }))).rejects.toThrow(
          /unique/i,
        );
        await storage.users.insert(user('u4', { email: 'a@b.uz' }));
        await storage.users.insert(user('u5', { email: 'a@b.uz' }));
        await storage.users.releaseUnverifiedEmail('a@b.uz', T0);
        expect((await storage.users.findById('u4'))?.email).toBeNull();
        expect((await storage.users.findById('u1'))?.email).toBe('a@b.uz');
      }));

    it('finds the owner of a phone or e-mail by primary or secondary, never by an unverified e-mail', () =>
      withStorage(async (storage) => {
        await storage.users.insert(
          user('u1', {
            phone: '+998901234567',
            email: 'a@b.uz',
            emailVerified: true,
            secondaryPhone: '+998901234568',
            secondaryEmail: 'c@d.uz',
          }),
        );
        await storage.users.insert(user('u2', { email: 'e@f.uz' }));
        expect((await storage.contacts.ownerOfPhone('+998901234567'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfPhone('+998901234568'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfEmail('a@b.uz'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfEmail('c@d.uz'))?.id).toBe('u1');
        expect(await storage.contacts.ownerOfEmail('e@f.uz')).toBeUndefined();
        expect(await storage.contacts.ownerOfPhone('+998900000000')).toBeUndefined();
      }));

    it('keeps a secondary contact to one account, and swaps primary and secondary in one update', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', secondaryPhone: '+998901234568' }));
        await expect(storage.users.insert(user('u2', { secondaryPhone: '+998901234568' }))).rejects.toThrow(/unique/i);
        await storage.contacts.update('u1', { phone: '+998901234568', secondaryPhone: '+998901234567' }, T0 + 1);
        expect(await storage.users.findById('u1')).toMatchObject({
          phone: '+998901234568',
          secondaryPhone: '+998901234567',
          updatedAt: T0 + 1,
        });
        await storage.contacts.update('u1', { email: 'x@y.uz', emailVerified: true }, T0 + 2);
        expect(await storage.users.findById('u1')).toMatchObject({
          phone: '+998901234568',
          email: 'x@y.uz',
          emailVerified: true,
        });
      }));

    it('deactivates, finds the accounts due for erasure, restores, and erases only what exists', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.deactivation.set('u1', { inactivatedAt: T0, eraseAt: T0 + DAY_MS }, T0);
        await storage.deactivation.set('u2', { inactivatedAt: T0, eraseAt: T0 + 2 * DAY_MS }, T0);
        expect(await storage.users.findById('u1')).toMatchObject({
          isInactivated: true,
          inactivatedAt: T0,
          eraseAt: T0 + DAY_MS,
        });
        expect((await storage.deactivation.dueForErase(T0 + DAY_MS)).map((u) => u.id)).toEqual(['u1']);
        await storage.deactivation.set('u1', null, T0 + 1);
        expect(await storage.users.findById('u1')).toMatchObject({
          isInactivated: false,
          inactivatedAt: null,
          eraseAt: null,
        });
        expect(await storage.deactivation.dueForErase(T0 + DAY_MS)).toEqual([]);
        expect(await storage.deactivation.erase('u2')).toBe(true);
        expect(await storage.users.findById('u2')).toBeUndefined();
        expect(await storage.deactivation.erase('u2')).toBe(false);
      }));
  });
}
