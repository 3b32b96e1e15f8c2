/** The demo account's reviews (docs/reviews.md, Demo data): each status, a managed company and a claim waiting, earned and in-progress achievements. */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seedDemoData } from '../../demo-data.js';
import { useTestServer } from '../../test-support/test-server.js';
import { achievementsOf } from './achievements.js';
import { myCompanies } from './review-views.js';

const server = useTestServer();

describe('the demo account’s reviews', () => {
  it('has reviews in each status, a managed company with its tally and a claim in moderation', async () => {
    expect(await seedDemoData(server.storage, server.clock)).toBe(true);
    const demo = await server.storage.users.findByPhone(DEMO_ACCOUNT.phone);
    const id = demo?.id ?? '';
    for (const [status, count] of [
      ['published', 3],
      ['in_moderation', 2],
      ['rejected', 1],
    ] as const)
      expect((await server.storage.reviews.listOfUser(id, status, 0, 10)).count, status).toBe(count);
    // The café review's photo is stored like an upload, so the reference CDN serves it.
    const published = (await server.storage.reviews.listOfUser(id, 'published', 0, 10)).results;
    const photos = published.flatMap((review) => review.attachments).filter((path) => path.endsWith('.webp'));
    expect(photos).toHaveLength(1);
    const served = await server.call('GET', `/cdn/400x/${photos[0]}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const companies = await myCompanies(server.storage, await server.storage.claims.listOfUser(id));
    expect(
      companies.map((company) => [
        company.name,
        company.status,
        company.rating,
        company.review_count,
        company.unanswered_count,
      ]),
    ).toEqual([
      ['Chorsu Optika', 'in_moderation', null, 0, 0],
      ['Rayhon milliy taomlari', 'approved', 4, 3, 2],
    ]);
    const achievements = Object.fromEntries(
      (await achievementsOf(server.storage, id)).map((entry) => [entry.id, [entry.earned_at !== null, entry.progress]]),
    );
    expect(achievements).toEqual({
      first_review: [true, 1],
      ten_reviews: [false, 5],
      photo_review: [true, 1],
      helpful_votes: [false, 5],
      verified_identity: [false, 0],
      claimed_company: [true, 1],
    });
  });
});
