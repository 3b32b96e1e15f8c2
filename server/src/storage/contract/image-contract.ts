/**
 * What the images part (kysely-image-storage.ts) promises: every size of an image stored at once and
 * read back byte for byte, a second store of a size leaving the first, and removal of all sizes.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

/** Bytes that text would not survive: every byte value, a NUL first. */
const EVERY_BYTE = Uint8Array.from({ length: 256 }, (_, i) => i);

export function describeImageStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's images`, () => {
    it('stores every size of an image and reads each back byte for byte', () =>
      withStorage(async (storage) => {
        const large = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
        await storage.images.insert(
          'avatars/a.webp',
          [
            { size: 'original', data: large },
            { size: '100x', data: EVERY_BYTE },
          ],
          T0,
        );
        expect(await storage.images.read('avatars/a.webp', 'original')).toEqual(Buffer.from(large));
        expect(await storage.images.read('avatars/a.webp', '100x')).toEqual(Buffer.from(EVERY_BYTE));
        expect(await storage.images.read('avatars/a.webp', '200x')).toBeNull();
        expect(await storage.images.read('avatars/b.webp', '100x')).toBeNull();
        expect([await storage.images.has('avatars/a.webp'), await storage.images.has('avatars/b.webp')]).toEqual([
          true,
          false,
        ]);
      }));

    it('keeps a size stored already when it is stored again', () =>
      withStorage(async (storage) => {
        await storage.images.insert('avatars/a.webp', [{ size: '100x', data: Uint8Array.of(1, 2, 3) }], T0);
        await storage.images.insert(
          'avatars/a.webp',
          [
            { size: '100x', data: Uint8Array.of(9) },
            { size: '200x', data: Uint8Array.of(4) },
          ],
          T0 + 1,
        );
        expect(await storage.images.read('avatars/a.webp', '100x')).toEqual(Buffer.of(1, 2, 3));
        expect(await storage.images.read('avatars/a.webp', '200x')).toEqual(Buffer.of(4));
      }));

    it('removes every size of one image and leaves the others', () =>
      withStorage(async (storage) => {
        for (const source of ['avatars/a.webp', 'avatars/b.webp']) {
          await storage.images.insert(
            source,
            ['original', '100x', '200x'].map((size) => ({ size, data: Uint8Array.of(1) })),
            T0,
          );
        }
        await storage.images.remove('avatars/a.webp');
        await storage.images.remove('avatars/a.webp');
        expect([await storage.images.has('avatars/a.webp'), await storage.images.has('avatars/b.webp')]).toEqual([
          false,
          true,
        ]);
        for (const size of ['original', '100x', '200x']) {
          expect(await storage.images.read('avatars/a.webp', size)).toBeNull();
          expect(await storage.images.read('avatars/b.webp', size)).toEqual(Buffer.of(1));
        }
      }));

    it('stores no size of an image whose transaction fails', () =>
      withStorage(async (storage) => {
        const failed = storage.transaction(async (tx) => {
          await tx.images.insert('avatars/a.webp', [{ size: '100x', data: Uint8Array.of(1) }], T0);
          throw new Error('rolled back');
        });
        await expect(failed).rejects.toThrow('rolled back');
        expect(await storage.images.read('avatars/a.webp', '100x')).toBeNull();
      }));
  });
}
