/**
 * Claiming a company and managing it (docs/api.md, Reviews; The operator API): the claim's fields and
 * proof checked with their keys, in moderation until the operator approves it, the company's tally
 * (average rounded to the half, count, unanswered), the manager's reply; another account is a 404.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';
import { accountOf, asOperator, claimAs, OPERATOR_TOKEN, REVIEWS, reviewOf } from '../../test-support/reviews.js';

const server = useTestServer({ env: { ADMIN_TOKEN: OPERATOR_TOKEN } });
const OPERATOR = '/common/api/v1/operator/reviews';
const errors = (json: unknown) => (json as { errors: unknown[] }).errors;

describe('my companies', () => {
  it('claims a company, which stays in moderation until the operator approves it, then shows its tally', async () => {
    const manager = await accountOf(server, '+998901230001');
    const author = await accountOf(server, '+998901230002');
    const claimed = await claimAs(server, manager.token, {
      name: ' Rayhon ',
      taxpayer_number: '301 234 567',
      category: 'restaurant',
    });
    expect(claimed.status).toBe(201);
    expect(claimed.json).toMatchObject({
      name: 'Rayhon',
      category: 'restaurant',
      taxpayer_number: '301234567',
      status: 'in_moderation',
      reason: null,
      rating: null,
      review_count: 0,
      unanswered_count: 0,
      business_link: expect.stringMatching(/^\/company\/rayhon-[0-9a-f]{6}$/),
    });
    const companyId = claimed.json.id as string;
    const claimId = claimed.json.claim_id as string;
    // Not yet its manager: its reviews are not the account's to read or answer.
    const early = await server.call('GET', `${REVIEWS}/companies/${companyId}/reviews/`, { token: manager.token });
    expect([early.status, errors(early.json)]).toEqual([404, [{ error: 'company_not_found' }]]);

    const queue = await server.call('GET', `${OPERATOR}/claims/`, asOperator);
    expect(queue.json.results).toEqual([
      expect.objectContaining({
        id: claimId,
        user_id: manager.id,
        company: { id: companyId, name: 'Rayhon', taxpayer_number: '301234567' },
        proof: { name: 'guvohnoma.pdf', media_type: 'application/pdf', size: 12 },
      }),
    ]);
    const proof = await server.app.request(`${OPERATOR}/claims/${claimId}/proof`, asOperator);
    expect([proof.status, proof.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(new TextDecoder().decode((await proof.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const approved = await server.post(`${OPERATOR}/claims/${claimId}/decision/`, { decision: 'approve' }, asOperator);
    expect(approved.json).toEqual({ id: claimId, status: 'approved', reason: null });
    const again = await server.post(`${OPERATOR}/claims/${claimId}/decision/`, { decision: 'approve' }, asOperator);
    expect([again.status, errors(again.json)]).toEqual([409, [{ error: 'moderation_decided' }]]);

    await reviewOf(server, 'r1', author.id, { companyId, ratingHalves: 10 });
    await reviewOf(server, 'r2', author.id, { companyId, ratingHalves: 7 });
    await reviewOf(server, 'r3', author.id, { companyId, ratingHalves: 8 });
    await reviewOf(server, 'r4', author.id, { companyId, ratingHalves: 2, status: 'in_moderation' });
    const reply = await server.post(
      `${REVIEWS}/companies/${companyId}/reviews/r1/reply/`,
      { text: ' Rahmat! ' },
      { token: manager.token },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ id: 'r1', author: 'Dilnoza Y.', rating: 5, reply: { text: 'Rahmat!' } });
    const list = await server.call('GET', `${REVIEWS}/companies/`, { token: manager.token });
    // (5 + 3.5 + 4) / 3 = 4.1666…, to the nearest half: 4.
    expect(list.json.results).toEqual([
      expect.objectContaining({ id: companyId, status: 'approved', rating: 4, review_count: 3, unanswered_count: 2 }),
    ]);
    const reviews = await server.call('GET', `${REVIEWS}/companies/${companyId}/reviews/?page_size=2`, {
      token: manager.token,
    });
    expect([reviews.json.count, reviews.json.results.length]).toEqual([3, 2]);
    // A review in moderation is not the company's to answer yet.
    const hidden = await server.post(
      `${REVIEWS}/companies/${companyId}/reviews/r4/reply/`,
      { text: 'Hm' },
      { token: manager.token },
    );
    expect([hidden.status, errors(hidden.json)]).toEqual([404, [{ error: 'review_not_found' }]]);
  });

  it('refuses each wrong claim field with its key, and a second claim of the same company', async () => {
    const { token } = await accountOf(server, '+998901230001');
    const cases: [Record<string, string>, Uint8Array | null, string, string][] = [
      [{ name: '  ', taxpayer_number: '301234567' }, undefined as never, 'field_required', 'name'],
      [
        { name: 'Rayhon', taxpayer_number: '12345678' },
        undefined as never,
        'taxpayer_number_invalid',
        'taxpayer_number',
      ],
      [
        { name: 'Rayhon', taxpayer_number: '901234567' },
        undefined as never,
        'taxpayer_number_invalid',
        'taxpayer_number',
      ],
      [
        { name: 'Rayhon', taxpayer_number: '30123456a' },
        undefined as never,
        'taxpayer_number_invalid',
        'taxpayer_number',
      ],
      [{ name: 'Rayhon', taxpayer_number: '301234567' }, null, 'claim_proof_required', 'proof'],
      [
        { name: 'Rayhon', taxpayer_number: '301234567' },
        new TextEncoder().encode('<html>not a pdf</html>'),
        'invalid_attachment_type',
        'proof',
      ],
      [{ name: 'Rayhon', taxpayer_number: '301234567', owner: 'me' }, undefined as never, 'unknown_field', 'owner'],
    ];
    for (const [fields, proof, error, field] of cases) {
      const answer = await claimAs(server, token, fields, ...(proof === undefined ? [] : [proof]));
      expect([answer.status, errors(answer.json)], `${JSON.stringify(fields)}`).toEqual([
        400,
        [expect.objectContaining({ error, field })],
      ]);
    }
    expect(await server.storage.claims.listByStatus('in_moderation', 0, 10)).toEqual([]);
    expect((await claimAs(server, token)).status).toBe(201);
    const twice = await claimAs(server, token);
    expect([twice.status, errors(twice.json)]).toEqual([409, [{ error: 'company_already_claimed' }]]);
  });

  it('takes at most five claims an hour from one account', async () => {
    const { token } = await accountOf(server, '+998901230001');
    for (let i = 1; i <= 5; i++)
      expect((await claimAs(server, token, { name: `Do‘kon ${i}`, taxpayer_number: `30123456${i}` })).status).toBe(201);
    const sixth = await claimAs(server, token, { name: 'Do‘kon 6', taxpayer_number: '301234566' });
    expect([sixth.status, errors(sixth.json)]).toEqual([429, [{ error: 'review_claims_too_many' }]]);
    expect(
      (await server.storage.claims.listOfUser((await server.storage.users.findByPhone('+998901230001'))?.id ?? ''))
        .length,
    ).toBe(5);
  });

  it('rejects a claim with its reason, and approves no second manager', async () => {
    const first = await accountOf(server, '+998901230001');
    const second = await accountOf(server, '+998901230002');
    const a = (await claimAs(server, first.token)).json.claim_id as string;
    const b = (await claimAs(server, second.token)).json.claim_id as string;
    const noReason = await server.post(`${OPERATOR}/claims/${b}/decision/`, { decision: 'reject' }, asOperator);
    expect([noReason.status, errors(noReason.json)]).toEqual([
      400,
      [{ error: 'moderation_reason_required', field: 'reason' }],
    ]);
    await server.post(`${OPERATOR}/claims/${a}/decision/`, { decision: 'approve' }, asOperator);
    const secondManager = await server.post(`${OPERATOR}/claims/${b}/decision/`, { decision: 'approve' }, asOperator);
    expect([secondManager.status, errors(secondManager.json)]).toEqual([409, [{ error: 'company_already_managed' }]]);
    await server.post(
      `${OPERATOR}/claims/${b}/decision/`,
      { decision: 'reject', reason: 'Managed by its owner' },
      asOperator,
    );
    const mine = await server.call('GET', `${REVIEWS}/companies/`, { token: second.token });
    expect(mine.json.results).toEqual([
      expect.objectContaining({ status: 'rejected', reason: 'Managed by its owner' }),
    ]);
    const missing = await server.post(`${OPERATOR}/claims/nope/decision/`, { decision: 'approve' }, asOperator);
    expect([missing.status, errors(missing.json)]).toEqual([404, [{ error: 'claim_not_found' }]]);
  });

  it("gives another account a 404 for A's company, and writes no reply", async () => {
    const manager = await accountOf(server, '+998901230001');
    const intruder = await accountOf(server, '+998901230002');
    const claimed = await claimAs(server, manager.token);
    const companyId = claimed.json.id as string;
    await server.post(
      `${OPERATOR}/claims/${claimed.json.claim_id as string}/decision/`,
      { decision: 'approve' },
      asOperator,
    );
    await reviewOf(server, 'r1', intruder.id, { companyId });
    for (const answer of [
      await server.call('GET', `${REVIEWS}/companies/${companyId}/reviews/`, { token: intruder.token }),
      await server.post(
        `${REVIEWS}/companies/${companyId}/reviews/r1/reply/`,
        { text: 'Fake' },
        { token: intruder.token },
      ),
    ])
      expect([answer.status, errors(answer.json)]).toEqual([404, [{ error: 'company_not_found' }]]);
    expect(await server.storage.reviews.replies(['r1'])).toEqual([]);
    expect((await server.call('GET', `${REVIEWS}/companies/`, { token: intruder.token })).json).toEqual({
      results: [],
    });
  });
});

describe('the operator’s review decisions', () => {
  it('publishes a review in moderation or rejects it with its reason, once', async () => {
    const author = await accountOf(server, '+998901230002');
    await reviewOf(server, 'r1', author.id, { status: 'in_moderation' });
    await reviewOf(server, 'r2', author.id, { status: 'in_moderation' });
    expect((await server.post(`${OPERATOR}/reviews/r1/decision/`, { decision: 'approve' }, asOperator)).json).toEqual({
      id: 'r1',
      status: 'published',
      reason: null,
    });
    await server.post(
      `${OPERATOR}/reviews/r2/decision/`,
      { decision: 'reject', reason: 'Not about the company' },
      asOperator,
    );
    const again = await server.post(`${OPERATOR}/reviews/r2/decision/`, { decision: 'approve' }, asOperator);
    expect([again.status, errors(again.json)]).toEqual([409, [{ error: 'moderation_decided' }]]);
    expect(await server.storage.reviews.find('r2')).toMatchObject({
      status: 'rejected',
      reason: 'Not about the company',
    });
    const outsider = await server.post(
      `${OPERATOR}/reviews/r1/decision/`,
      { decision: 'reject', reason: 'x' },
      { token: author.token },
    );
    expect(outsider.status).toBe(404);
  });
});
