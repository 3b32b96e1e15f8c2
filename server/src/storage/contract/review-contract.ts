/**
 * What the reviews part (kysely-review-storage.ts, kysely-company-storage.ts) promises: an account's
 * review found, edited and removed only with its own id; one company per taxpayer number; one approved
 * manager per company; the tallies of published reviews; one helpful vote per account per review, never
 * the author's. Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CompanyClaim, Review, ReviewCompany } from '../review-storage.js';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const company = (id: string, taxpayerNumber: string | null): ReviewCompany => ({
  id,
  name: `Company ${id}`,
  slug: `company-${id}`,
  category: 'cafe',
  logoPath: null,
  taxpayerNumber,
  createdAt: T0,
});

const review = (id: string, overrides: Partial<Review> = {}): Review => ({
  id,
  companyId: 'k1',
  userId: 'u1',
  ratingHalves: 9,
  text: 'A good place to eat plov.',
  attachments: ['reviews/a.jpg', 'reviews/b.mp4'],
  status: 'published',
  reason: null,
  createdAt: T0,
  editedAt: null,
  ...overrides,
});

const claim = (id: string, userId: string, companyId = 'k1'): CompanyClaim => ({
  id,
  companyId,
  userId,
  status: 'in_moderation',
  reason: null,
  proofName: 'proof.pdf',
  proofMediaType: 'application/pdf',
  proofSize: 9,
  createdAt: T0,
  decidedAt: null,
});

export function describeReviewStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's reviews`, () => {
    it("finds, edits and removes a review only with its author's id, its reply and votes with it", () =>
      withStorage(async (storage) => {
        await storage.companies.insertOrFind(company('k1', '301234567'));
        await storage.reviews.insert(review('r1'));
        expect(await storage.reviews.findOfUser('r1', 'u2')).toBeUndefined();
        expect(await storage.reviews.findOfUser('r1', 'u1')).toMatchObject({
          ratingHalves: 9,
          attachments: ['reviews/a.jpg', 'reviews/b.mp4'],
        });
        const changes = {
          ratingHalves: 4,
          text: 'Changed my mind.',
          attachments: [],
          status: 'in_moderation' as const,
          reason: null,
        };
        expect(await storage.reviews.edit('r1', 'u2', changes, T0 + 1)).toBe(false);
        expect(await storage.reviews.findOfUser('r1', 'u1')).toMatchObject({ ratingHalves: 9, editedAt: null });
        expect(await storage.reviews.edit('r1', 'u1', changes, T0 + 1)).toBe(true);
        expect(await storage.reviews.findOfUser('r1', 'u1')).toMatchObject({ ...changes, editedAt: T0 + 1 });
        expect(await storage.reviews.moderate('r1', { status: 'published', reason: null })).toBe(true);
        expect(await storage.reviews.moderate('r1', { status: 'rejected', reason: 'x' })).toBe(false);
        expect(await storage.reviews.vote('r1', 'u2', T0)).toBe(true);
        expect(
          await storage.reviews.reply({
            reviewId: 'r1',
            companyId: 'k1',
            userId: 'm',
            text: 'Thanks',
            createdAt: T0,
            updatedAt: T0,
          }),
        ).toBe(true);
        expect(await storage.reviews.remove('r1', 'u2')).toBe(false);
        expect(await storage.reviews.remove('r1', 'u1')).toBe(true);
        expect(await storage.reviews.find('r1')).toBeUndefined();
        expect(await storage.reviews.replies(['r1'])).toEqual([]);
        expect(await storage.reviews.voteCounts(['r1'])).toEqual(new Map());
      }));

    it("pages an account's reviews by status, newest first", () =>
      withStorage(async (storage) => {
        await storage.reviews.insert(review('r1', { createdAt: T0 }));
        await storage.reviews.insert(review('r2', { createdAt: T0 + 1, status: 'rejected', reason: 'Spam' }));
        await storage.reviews.insert(review('r3', { createdAt: T0 + 2 }));
        await storage.reviews.insert(review('r4', { createdAt: T0 + 3, userId: 'u2' }));
        const all = await storage.reviews.listOfUser('u1', null, 0, 2);
        expect([all.count, all.results.map((entry) => entry.id)]).toEqual([3, ['r3', 'r2']]);
        const published = await storage.reviews.listOfUser('u1', 'published', 1, 10);
        expect([published.count, published.results.map((entry) => entry.id)]).toEqual([2, ['r1']]);
        expect((await storage.reviews.listOfUser('u1', 'rejected', 0, 10)).results[0]).toMatchObject({
          reason: 'Spam',
        });
        const ofCompany = await storage.reviews.listOfCompany('k1', 0, 10);
        expect([ofCompany.count, ofCompany.results.map((entry) => entry.id)]).toEqual([3, ['r4', 'r3', 'r1']]);
      }));

    it("tallies a company's published reviews and counts one vote per account, never the author's", () =>
      withStorage(async (storage) => {
        await storage.reviews.insert(review('r1', { ratingHalves: 10 }));
        await storage.reviews.insert(review('r2', { ratingHalves: 7, userId: 'u2' }));
        await storage.reviews.insert(review('r3', { ratingHalves: 2, status: 'in_moderation' }));
        await storage.reviews.reply({
          reviewId: 'r1',
          companyId: 'k1',
          userId: 'm',
          text: 'Rahmat',
          createdAt: T0,
          updatedAt: T0,
        });
        // Not published, or not the company's: no reply.
        expect(
          await storage.reviews.reply({
            reviewId: 'r3',
            companyId: 'k1',
            userId: 'm',
            text: 'No',
            createdAt: T0,
            updatedAt: T0,
          }),
        ).toBe(false);
        expect(
          await storage.reviews.reply({
            reviewId: 'r2',
            companyId: 'k2',
            userId: 'm',
            text: 'No',
            createdAt: T0,
            updatedAt: T0,
          }),
        ).toBe(false);
        expect(await storage.companies.tallies(['k1', 'k2'])).toEqual([
          { companyId: 'k1', count: 2, halvesSum: 17, unanswered: 1 },
        ]);
        expect(await storage.reviews.vote('r1', 'u1', T0)).toBe(false);
        expect(await storage.reviews.vote('r1', 'u2', T0 + 5)).toBe(true);
        expect(await storage.reviews.vote('r1', 'u2', T0 + 6)).toBe(false);
        expect(await storage.reviews.vote('r1', 'u3', T0 + 7)).toBe(true);
        expect(await storage.reviews.voteCounts(['r1', 'r2'])).toEqual(new Map([['r1', 2]]));
        expect(await storage.reviews.voteTimesOfAuthor('u1', 10)).toEqual([T0 + 5, T0 + 7]);
        expect(await storage.reviews.voteTimesOfAuthor('u2', 10)).toEqual([]);
      }));

    it('keeps one company per taxpayer number and one approved manager per company', () =>
      withStorage(async (storage) => {
        expect((await storage.companies.insertOrFind(company('k1', '301234567'))).created).toBe(true);
        const again = await storage.companies.insertOrFind(company('k9', '301234567'));
        expect([again.created, again.company.id]).toEqual([false, 'k1']);
        await storage.claims.insert(claim('c1', 'u1'), new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3, 4]));
        await storage.claims.insert(claim('c2', 'u2'), new Uint8Array([1]));
        expect(await storage.claims.findActive('k1', 'u1')).toMatchObject({ id: 'c1', status: 'in_moderation' });
        expect(await storage.claims.isManager('k1', 'u1')).toBe(false);
        expect(await storage.claims.decide('c1', { status: 'approved', reason: null }, T0 + 1)).toBe(true);
        expect(await storage.claims.decide('c1', { status: 'rejected', reason: 'late' }, T0 + 2)).toBe(false);
        expect(await storage.claims.decide('c2', { status: 'approved', reason: null }, T0 + 2)).toBe(false);
        expect(await storage.claims.decide('c2', { status: 'rejected', reason: 'Managed already' }, T0 + 2)).toBe(true);
        expect(await storage.claims.isManager('k1', 'u1')).toBe(true);
        expect(await storage.claims.isManager('k1', 'u2')).toBe(false);
        expect(await storage.claims.listOfUser('u2')).toEqual([
          { ...claim('c2', 'u2'), status: 'rejected', reason: 'Managed already', decidedAt: T0 + 2 },
        ]);
        expect([...((await storage.claims.proof('c1')) ?? [])]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3, 4]);
      }));

    it("removes an erased account's reviews, votes and claims, and no one else's", () =>
      withStorage(async (storage) => {
        await storage.reviews.insert(review('r1'));
        await storage.reviews.insert(review('r2', { userId: 'u2' }));
        await storage.reviews.vote('r1', 'u2', T0);
        await storage.reviews.vote('r2', 'u1', T0);
        await storage.reviews.vote('r2', 'u3', T0);
        await storage.claims.insert(claim('c1', 'u1'), new Uint8Array([1]));
        await storage.claims.insert(claim('c2', 'u2'), new Uint8Array([1]));
        await storage.reviews.removeOfUser('u1');
        expect(await storage.reviews.find('r1')).toBeUndefined();
        expect(await storage.reviews.find('r2')).toMatchObject({ userId: 'u2' });
        expect(await storage.reviews.voteCounts(['r1', 'r2'])).toEqual(new Map([['r2', 1]]));
        expect((await storage.claims.listOfUser('u1')).length).toBe(0);
        expect((await storage.claims.listOfUser('u2')).length).toBe(1);
      }));
  });
}
