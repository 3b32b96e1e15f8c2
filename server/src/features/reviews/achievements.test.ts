/** The achievements (docs/reviews.md, Achievements): computed from the account's data, earned with a date or shown with progress. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';
import {
  accountOf,
  asOperator,
  claimAs,
  companyOf,
  OPERATOR_TOKEN,
  REVIEWS,
  reviewOf,
} from '../../test-support/reviews.js';

const server = useTestServer({ env: { ADMIN_TOKEN: OPERATOR_TOKEN } });
const at = (ms: number) => new Date(ms).toISOString();

describe('achievements', () => {
  it('shows none earned for a new account, each with its progress', async () => {
    const { token } = await accountOf(server, '+998901230001');
    const answer = await server.call('GET', `${REVIEWS}/achievements/`, { token });
    expect(answer.status).toBe(200);
    expect(answer.json.results).toEqual([
      { id: 'first_review', earned_at: null, progress: 0, goal: 1 },
      { id: 'ten_reviews', earned_at: null, progress: 0, goal: 10 },
      { id: 'photo_review', earned_at: null, progress: 0, goal: 1 },
      { id: 'helpful_votes', earned_at: null, progress: 0, goal: 10 },
      { id: 'verified_identity', earned_at: null, progress: 0, goal: 1 },
      { id: 'claimed_company', earned_at: null, progress: 0, goal: 1 },
    ]);
  });

  it('earns "first review" by writing one, a photo review, and counts towards ten and the votes; a rejected review does not count', async () => {
    const author = await accountOf(server, '+998901230001');
    const voter = await accountOf(server, '+998901230002');
    await companyOf(server);
    const t0 = server.clock.now();
    await reviewOf(server, 'r0', author.id, { status: 'rejected', reason: 'Spam', createdAt: t0 - 9000 });
    await reviewOf(server, 'r1', author.id, { attachments: ['reviews/a.mp4'], createdAt: t0 - 5000 });
    await reviewOf(server, 'r2', author.id, {
      attachments: ['reviews/b.JPG'],
      createdAt: t0 - 1000,
      status: 'in_moderation',
    });
    await server.storage.reviews.vote('r1', voter.id, t0);
    const { results } = (await server.call('GET', `${REVIEWS}/achievements/`, { token: author.token })).json;
    expect(results.slice(0, 4)).toEqual([
      { id: 'first_review', earned_at: at(t0 - 5000), progress: 1, goal: 1 },
      { id: 'ten_reviews', earned_at: null, progress: 2, goal: 10 },
      { id: 'photo_review', earned_at: at(t0 - 1000), progress: 1, goal: 1 },
      { id: 'helpful_votes', earned_at: null, progress: 1, goal: 10 },
    ]);
  });

  it('earns "claimed company" when the operator approves the claim', async () => {
    const { token } = await accountOf(server, '+998901230001');
    const claim = (await claimAs(server, token)).json.claim_id as string;
    const claimed = async () =>
      (await server.call('GET', `${REVIEWS}/achievements/`, { token })).json.results.find(
        (entry: { id: string }) => entry.id === 'claimed_company',
      );
    expect(await claimed()).toMatchObject({ earned_at: null, progress: 0 });
    server.clock.advanceSeconds(60);
    await server.post(`/common/api/v1/operator/reviews/claims/${claim}/decision/`, { decision: 'approve' }, asOperator);
    expect(await claimed()).toEqual({ id: 'claimed_company', earned_at: at(server.clock.now()), progress: 1, goal: 1 });
  });
});
