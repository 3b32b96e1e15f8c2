/**
 * What the personal part (kysely-personal-storage.ts) promises: profile fields change only as
 * asked, usernames are unique, addresses are reached only through their owner.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { Address } from '../personal-storage.js';
import type { User } from '../records.js';

function address(id: string, userId: string, createdAt: number, isDefault = false): Address {
  return {
    id,
    userId,
    label: null,
    region: 'tashkent-city',
    district: 'yunusabad',
    street: 'Amir Temur',
    house: '1',
    apartment: null,
    postalCode: null,
    isDefault,
    createdAt,
    updatedAt: createdAt,
  };
}

export function describePersonalStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's personal data`, () => {
    it('keeps every personal field of an account, changes only the given ones, and finds it by username', () =>
      withStorage(async (storage) => {
        const full = user('u1', {
          middleName: 'Rustamovna',
          username: 'gulnora',
          birthDate: '1990-02-28',
          gender: 'female',
          photo: 'avatars/a.webp',
          verificationStatus: 'in_moderation',
          secondaryPhone: '+998907654321',
          secondaryEmail: 'g@b.uz',
          inactivatedAt: T0,
          eraseAt: T0 + 9,
        });
        await storage.users.insert(full);
        expect(await storage.users.findById('u1')).toEqual(full);

        await storage.profiles.update('u1', { firstName: 'Gulnora', middleName: null, gender: 'male' }, T0 + 5);
        expect(await storage.users.findById('u1')).toEqual({
          ...full,
          firstName: 'Gulnora',
          middleName: null,
          gender: 'male',
          updatedAt: T0 + 5,
        });
        expect((await storage.profiles.findByUsername('gulnora'))?.id).toBe('u1');
        expect(await storage.profiles.findByUsername('GULNORA')).toBeUndefined();
        await storage.profiles.update('u1', { username: null, photo: null }, T0 + 6);
        expect(await storage.profiles.findByUsername('gulnora')).toBeUndefined();
        expect((await storage.users.findById('u1'))?.photo).toBeNull();
      }));

    it('refuses a username another account holds, a gender or status it does not know; many accounts have none', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { username: 'dilnoza' }));
        await storage.users.insert(user('u2'));
        await storage.users.insert(user('u3'));
        await expect(storage.profiles.update('u2', { username: 'dilnoza' }, T0)).rejects.toThrow(/unique/i);
        await expect(storage.profiles.update('u2', { gender: 'other' as User['gender'] }, T0)).rejects.toThrow(
          /constraint/i,
        );
        await expect(
          storage.users.insert(user('u4', { verificationStatus: 'pending' as User['verificationStatus'] })),
        ).rejects.toThrow(/constraint/i);
      }));

    it('keeps addresses per account: found, changed and deleted only through their owner, the default first, then the newest', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const a1 = { ...address('a1', 'u1', T0, true), label: 'Uy', apartment: '7', postalCode: '100084' };
        await storage.addresses.insert(a1);
        await storage.addresses.insert(address('a2', 'u1', T0 + 1));
        await storage.addresses.insert(address('a3', 'u1', T0 + 2));
        await storage.addresses.insert(address('b1', 'u2', T0 + 3, true));
        expect(await storage.addresses.find('u1', 'a1')).toEqual(a1);
        expect(await storage.addresses.find('u2', 'a1')).toBeUndefined();
        expect((await storage.addresses.listByUser('u1')).map((a) => a.id)).toEqual(['a1', 'a3', 'a2']);
        expect(await storage.addresses.countByUser('u1')).toBe(3);
        expect(await storage.addresses.countByUser('u2')).toBe(1);

        await storage.addresses.update({ ...a1, userId: 'u2', street: 'Stolen' });
        expect((await storage.addresses.find('u1', 'a1'))?.street).toBe('Amir Temur');
        await storage.addresses.update({ ...a1, street: 'Navoiy', updatedAt: T0 + 10 });
        expect(await storage.addresses.find('u1', 'a1')).toEqual({ ...a1, street: 'Navoiy', updatedAt: T0 + 10 });

        await storage.addresses.setDefault('u1', 'a2', T0 + 20);
        expect((await storage.addresses.listByUser('u1')).map((a) => [a.id, a.isDefault])).toEqual([
          ['a2', true],
          ['a3', false],
          ['a1', false],
        ]);
        expect((await storage.addresses.find('u1', 'a1'))?.updatedAt).toBe(T0 + 20);
        expect((await storage.addresses.find('u2', 'b1'))?.isDefault).toBe(true);

        expect(await storage.addresses.remove('u2', 'a2')).toBe(false);
        expect(await storage.addresses.remove('u1', 'a2')).toBe(true);
        expect(await storage.addresses.remove('u1', 'a2')).toBe(false);
        expect(await storage.addresses.countByUser('u1')).toBe(2);
      }));

    it('refuses a second default address for one account', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.addresses.insert(address('a1', 'u1', T0, true));
        await expect(storage.addresses.insert(address('a2', 'u1', T0 + 1, true))).rejects.toThrow(/unique/i);
        await storage.addresses.insert(address('a3', 'u1', T0 + 2));
      }));
  });
}
