/**
 * What the identity validations' part (kysely-validation-storage.ts) promises: a start moves only an
 * account that is neither verified nor in moderation, the status lives on the account, and support's
 * decision keeps the reference and the reason. Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage, user } from './contract-records.js';

export function describeValidationStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's identity validations`, () => {
    it('starts once: in moderation with its reference, refused while in moderation or verified', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        expect(await storage.validations.find('u1')).toBeUndefined();
        expect(await storage.validations.start('u1', 'V-1', T0)).toBe(true);
        expect((await storage.users.findById('u1'))?.verificationStatus).toBe('in_moderation');
        expect(await storage.validations.find('u1')).toEqual({
          userId: 'u1',
          reference: 'V-1',
          reason: null,
          startedAt: T0,
          updatedAt: T0,
        });
        expect(await storage.validations.start('u1', 'V-2', T0 + 1)).toBe(false);
        expect(
          await storage.validations.decide('u1', { status: 'verified', reason: null, reference: 'V-x' }, T0 + 5),
        ).toBe(true);
        expect((await storage.users.findById('u1'))?.verificationStatus).toBe('verified');
        expect(await storage.validations.find('u1')).toMatchObject({ reference: 'V-1', updatedAt: T0 + 5 });
        expect(await storage.validations.start('u1', 'V-3', T0 + 6)).toBe(false);
        expect(await storage.validations.start('nobody', 'V-4', T0)).toBe(false);
      }));

    it('keeps the reason of a failure, and a new start after it clears the reason', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.validations.start('u1', 'V-1', T0);
        await storage.validations.decide(
          'u1',
          { status: 'failed', reason: 'The photo is blurred', reference: 'V-x' },
          T0 + 1,
        );
        expect(await storage.validations.find('u1')).toMatchObject({
          reference: 'V-1',
          reason: 'The photo is blurred',
        });
        expect((await storage.users.findById('u1'))?.verificationStatus).toBe('failed');
        expect(await storage.validations.start('u1', 'V-2', T0 + 2)).toBe(true);
        expect(await storage.validations.find('u1')).toEqual({
          userId: 'u1',
          reference: 'V-2',
          reason: null,
          startedAt: T0 + 2,
          updatedAt: T0 + 2,
        });
        expect(
          await storage.validations.decide('nobody', { status: 'verified', reason: null, reference: 'V' }, T0),
        ).toBe(false);
        await storage.validations.remove('u1');
        expect(await storage.validations.find('u1')).toBeUndefined();
      }));
  });
}
