/**
 * Writing a review (docs/api.md, `POST /reviews/api/v1/reviews/`; docs/reviews.md, Writing): the reviews
 * site's write starts a review in moderation and earns "first review"; every field's key; a company one
 * manages is refused; five an hour; and nothing is written when a request is refused.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';
import { accountOf, asOperator, claimAs, companyOf, OPERATOR_TOKEN, REVIEWS } from '../../test-support/reviews.js';

const server = useTestServer({ env: { ADMIN_TOKEN: OPERATOR_TOKEN } });
const TEXT = 'The plov was excellent and the staff kind.';

async function rowsOf(userId: string) {
  return (await server.storage.reviews.listOfUser(userId, null, 0, 50)).count;
}

describe('writing a review', () => {
  it('starts it in moderation, answers it as My reviews shows it, and earns "first review" at once', async () => {
    const author = await accountOf(server, '+998901230001');
    await companyOf(server);
    const written = await server.post(
      `${REVIEWS}/reviews/`,
      { company: 'k1', rating: 4.5, text: `  ${TEXT}  ` },
      { token: author.token },
    );
    expect(written.status).toBe(201);
    expect(written.headers.get('cache-control')).toBe('no-store');
    const at = new Date(server.clock.now()).toISOString();
    expect(written.json).toEqual({
      id: expect.any(String),
      company: { id: 'k1', name: 'Rayhon', logo: 'companies/rayhon.png', link: '/company/rayhon-k1' },
      rating: 4.5,
      text: TEXT,
      attachments: [],
      status: 'in_moderation',
      reason: null,
      reply: null,
      helpful: 0,
      created_at: at,
      edited_at: null,
    });
    const mine = await server.call('GET', `${REVIEWS}/reviews/`, { token: author.token });
    expect(mine.json.results).toEqual([written.json]);
    const achievements = await server.call('GET', `${REVIEWS}/achievements/`, { token: author.token });
    expect(achievements.json.results.slice(0, 2)).toEqual([
      { id: 'first_review', earned_at: at, progress: 1, goal: 1 },
      { id: 'ten_reviews', earned_at: null, progress: 1, goal: 10 },
    ]);
  });

  it('answers each field’s key and writes nothing', async () => {
    const author = await accountOf(server, '+998901230001');
    await companyOf(server);
    const cases: [unknown, number, { error: string; field?: string }][] = [
      [{ company: 'k1', rating: 4.5, text: '  short  ' }, 400, { error: 'review_text_too_short', field: 'text' }],
      [{ company: 'k1', rating: 4.5, text: 'x'.repeat(5001) }, 400, { error: 'field_too_long', field: 'text' }],
      [{ company: 'k1', rating: 4.3, text: TEXT }, 400, { error: 'review_rating_invalid', field: 'rating' }],
      [{ company: 'k1', rating: 0.5, text: TEXT }, 400, { error: 'review_rating_invalid', field: 'rating' }],
      [{ company: 'k1', rating: '5', text: TEXT }, 400, { error: 'review_rating_invalid', field: 'rating' }],
      [{ company: '', rating: 5, text: TEXT }, 400, { error: 'field_required', field: 'company' }],
      [{ rating: 5, text: TEXT }, 400, { error: 'field_required', field: 'company' }],
      [
        { company: 'k1', rating: 5, text: TEXT, attachments: ['a.jpg'] },
        400,
        { error: 'unknown_field', field: 'attachments' },
      ],
      [{ company: 'nope', rating: 5, text: TEXT }, 404, { error: 'company_not_found', field: 'company' }],
    ];
    for (const [body, status, error] of cases) {
      const answer = await server.post(`${REVIEWS}/reviews/`, body, { token: author.token });
      expect({ body, status: answer.status, errors: answer.json.errors }).toEqual({ body, status, errors: [error] });
    }
    expect(await rowsOf(author.id)).toBe(0);
    const signedOut = await server.post(`${REVIEWS}/reviews/`, { company: 'k1', rating: 5, text: TEXT });
    expect(signedOut.status).toBe(401);
  });

  it('refuses a review of the company the account manages, but not of one it only claimed', async () => {
    const manager = await accountOf(server, '+998901230001');
    const claimed = await claimAs(server, manager.token);
    expect(claimed.status).toBe(201);
    const company = claimed.json.id as string;
    // Claimed, in moderation: not its manager yet, so its word is a review like anyone's.
    const before = await server.post(
      `${REVIEWS}/reviews/`,
      { company, rating: 5, text: TEXT },
      { token: manager.token },
    );
    expect(before.status).toBe(201);
    await server.post(
      `/common/api/v1/operator/reviews/claims/${claimed.json.claim_id as string}/decision/`,
      { decision: 'approve' },
      asOperator,
    );
    const after = await server.post(
      `${REVIEWS}/reviews/`,
      { company, rating: 5, text: TEXT },
      { token: manager.token },
    );
    expect(after.status).toBe(409);
    expect(after.json.errors).toEqual([{ error: 'review_own_company', field: 'company' }]);
    expect(await rowsOf(manager.id)).toBe(1);
  });

  it('takes five an hour per account, then says when to come back; a refused body uses no turn', async () => {
    const author = await accountOf(server, '+998901230001');
    const other = await accountOf(server, '+998901230002');
    await companyOf(server);
    await server.post(`${REVIEWS}/reviews/`, { company: 'k1', rating: 5, text: 'short' }, { token: author.token });
    for (let index = 0; index < 5; index += 1) {
      const answer = await server.post(
        `${REVIEWS}/reviews/`,
        { company: 'k1', rating: 5, text: `${TEXT} Visit ${index + 1}.` },
        { token: author.token },
      );
      expect(answer.status).toBe(201);
    }
    const sixth = await server.post(
      `${REVIEWS}/reviews/`,
      { company: 'k1', rating: 5, text: TEXT },
      { token: author.token },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.json.errors).toEqual([{ error: 'review_writes_too_many' }]);
    expect(sixth.headers.get('retry-after')).toBe('3600');
    expect(await rowsOf(author.id)).toBe(5);
    // The limit is the account's, not the address's.
    const theirs = await server.post(
      `${REVIEWS}/reviews/`,
      { company: 'k1', rating: 5, text: TEXT },
      { token: other.token },
    );
    expect(theirs.status).toBe(201);
  });
});
