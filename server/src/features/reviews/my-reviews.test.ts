/**
 * The account's own reviews (docs/api.md, Reviews): the paged list by status with company, reply and
 * votes; an edit goes back to moderation; delete; every field's error key; and another account's review
 * is a 404 for every call, with no row changed.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';
import { accountOf, companyOf, REVIEWS, reviewOf } from '../../test-support/reviews.js';

const server = useTestServer();
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;

describe('my reviews', () => {
  it('lists the account’s reviews newest first, by status, with the company, reply, votes and rejection reason', async () => {
    const author = await accountOf(server, '+998901230001');
    const other = await accountOf(server, '+998901230002');
    await companyOf(server);
    const t0 = server.clock.now();
    await reviewOf(server, 'r1', author.id, { createdAt: t0 - 3000 });
    await reviewOf(server, 'r2', author.id, {
      createdAt: t0 - 2000,
      status: 'rejected',
      reason: 'Insults',
      attachments: [],
    });
    await reviewOf(server, 'r3', other.id);
    await server.storage.reviews.reply({
      reviewId: 'r1',
      companyId: 'k1',
      userId: other.id,
      text: 'Rahmat!',
      createdAt: t0,
      updatedAt: t0,
    });
    await server.storage.reviews.vote('r1', other.id, t0);

    const all = await server.call('GET', `${REVIEWS}/reviews/`, { token: author.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.json.count).toBe(2);
    expect(all.json.results.map((review: { id: string }) => review.id)).toEqual(['r2', 'r1']);
    expect(all.json.results[1]).toEqual({
      id: 'r1',
      company: { id: 'k1', name: 'Rayhon', logo: 'companies/rayhon.png', link: '/company/rayhon-k1' },
      rating: 4.5,
      text: 'The plov was excellent and the staff kind.',
      attachments: [
        { path: 'reviews/plov.jpg', kind: 'image' },
        { path: 'reviews/hall.mp4', kind: 'video' },
      ],
      status: 'published',
      reason: null,
      reply: { text: 'Rahmat!', created_at: new Date(t0).toISOString(), updated_at: new Date(t0).toISOString() },
      helpful: 1,
      created_at: new Date(t0 - 3000).toISOString(),
      edited_at: null,
    });
    const rejected = await server.call('GET', `${REVIEWS}/reviews/?status=rejected`, { token: author.token });
    expect(rejected.json.results).toEqual([
      expect.objectContaining({ id: 'r2', status: 'rejected', reason: 'Insults' }),
    ]);
    const paged = await server.call('GET', `${REVIEWS}/reviews/?page=2&page_size=1`, { token: author.token });
    expect([paged.json.count, paged.json.results.map((review: { id: string }) => review.id)]).toEqual([2, ['r1']]);

    for (const [query, error] of [
      ['?status=hidden', 'invalid_value'],
      ['?page=0', 'invalid_value'],
      ['?page_size=51', 'invalid_value'],
      ['?sort=rating', 'unknown_field'],
    ]) {
      const refused = await server.call('GET', `${REVIEWS}/reviews/${query}`, { token: author.token });
      expect([refused.status, errors(refused.json)]).toEqual([400, [expect.objectContaining({ error })]]);
    }
    expect((await server.call('GET', `${REVIEWS}/reviews/`)).status).toBe(401);
  });

  it('edits text, rating and attachments (dropping one), which sends the review back to moderation', async () => {
    const author = await accountOf(server, '+998901230001');
    await companyOf(server);
    await reviewOf(server, 'r1', author.id);
    server.clock.advanceSeconds(60);
    const edited = await server.call('PATCH', `${REVIEWS}/reviews/r1/`, {
      token: author.token,
      body: { text: '  Still good, but slower now.  ', rating: 3.5, attachments: ['reviews/hall.mp4'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      rating: 3.5,
      text: 'Still good, but slower now.',
      attachments: [{ path: 'reviews/hall.mp4', kind: 'video' }],
      status: 'in_moderation',
      edited_at: new Date(server.clock.now()).toISOString(),
    });
    expect(await server.storage.reviews.find('r1')).toMatchObject({ ratingHalves: 7, status: 'in_moderation' });
    // Nothing changed: no new trip through moderation, no new edit date.
    await server.storage.reviews.moderate('r1', { status: 'published', reason: null });
    const same = await server.call('PATCH', `${REVIEWS}/reviews/r1/`, { token: author.token, body: { rating: 3.5 } });
    expect(same.json).toMatchObject({ status: 'published' });
  });

  it('refuses each wrong field with its key and changes nothing', async () => {
    const author = await accountOf(server, '+998901230001');
    await companyOf(server);
    const before = await reviewOf(server, 'r1', author.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: ' short ' }, 'review_text_too_short', 'text'],
      [{ text: 'x'.repeat(5001) }, 'field_too_long', 'text'],
      [{ rating: 4.3 }, 'review_rating_invalid', 'rating'],
      [{ rating: 0.5 }, 'review_rating_invalid', 'rating'],
      [{ rating: 5.5 }, 'review_rating_invalid', 'rating'],
      [{ rating: '4' }, 'review_rating_invalid', 'rating'],
      [{ attachments: ['reviews/someone-else.jpg'] }, 'review_attachment_unknown', 'attachments'],
      [{ attachments: ['reviews/plov.jpg', 'reviews/plov.jpg'] }, 'review_attachment_unknown', 'attachments'],
      [
        { attachments: Array.from({ length: 11 }, (_, i) => `a${i}.jpg`) },
        'review_attachments_too_many',
        'attachments',
      ],
      [{ status: 'published' }, 'unknown_field', 'status'],
    ];
    for (const [body, error, field] of cases) {
      const answer = await server.call('PATCH', `${REVIEWS}/reviews/r1/`, { token: author.token, body });
      expect([answer.status, errors(answer.json)], JSON.stringify(body)).toEqual([
        400,
        [expect.objectContaining({ error, field })],
      ]);
    }
    expect(await server.storage.reviews.find('r1')).toEqual(before);
  });

  it('deletes the review with its reply and votes', async () => {
    const author = await accountOf(server, '+998901230001');
    const other = await accountOf(server, '+998901230002');
    await companyOf(server);
    await reviewOf(server, 'r1', author.id);
    await server.storage.reviews.vote('r1', other.id, server.clock.now());
    const removed = await server.call('DELETE', `${REVIEWS}/reviews/r1/`, { token: author.token });
    expect(removed.status).toBe(204);
    expect(await server.storage.reviews.find('r1')).toBeUndefined();
    expect(await server.storage.reviews.voteCounts(['r1'])).toEqual(new Map());
    const again = await server.call('DELETE', `${REVIEWS}/reviews/r1/`, { token: author.token });
    expect([again.status, errors(again.json)]).toEqual([404, [{ error: 'review_not_found' }]]);
  });

  it("gives another account a 404 for A's review on every call, and changes no row", async () => {
    const author = await accountOf(server, '+998901230001');
    const intruder = await accountOf(server, '+998901230002');
    await companyOf(server);
    const before = await reviewOf(server, 'r1', author.id);
    const calls = [
      server.call('GET', `${REVIEWS}/reviews/r1/`, { token: intruder.token }),
      server.call('PATCH', `${REVIEWS}/reviews/r1/`, {
        token: intruder.token,
        body: { text: 'Rewritten by someone else.' },
      }),
      server.call('DELETE', `${REVIEWS}/reviews/r1/`, { token: intruder.token }),
    ];
    for (const answer of await Promise.all(calls))
      expect([answer.status, errors(answer.json)]).toEqual([404, [{ error: 'review_not_found' }]]);
    expect((await server.call('GET', `${REVIEWS}/reviews/`, { token: intruder.token })).json).toEqual({
      count: 0,
      results: [],
    });
    expect(await server.storage.reviews.find('r1')).toEqual(before);
  });
});
