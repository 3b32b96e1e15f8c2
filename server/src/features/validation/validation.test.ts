/** GET/POST /user/validation/ and the operator's decision (docs/api.md, Identity validation). */
import { describe, expect, it } from 'vitest';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const ADMIN_TOKEN = 'operator-token-of-at-least-thirty-two-characters';
const VALIDATION = `${V1}/user/validation/`;
const asOperator = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };

const server = useTestServer({ env: { ADMIN_TOKEN } });

const decide = (userId: string, body: unknown, options = asOperator) =>
  server.post(`/common/api/v1/operator/validation/${userId}/`, body, options);

async function eventTypes(): Promise<string[]> {
  const rows = await server.db.selectFrom('audit_events').select(['type', 'details']).orderBy('id').execute();
  return rows.map((row) => row.type).filter((type) => type.startsWith('validation_'));
}

describe('identity validation', () => {
  it('moves not_verified → in_moderation → verified, each change in the security log and on the profile', async () => {
    const { access, user_uuid: userId } = await server.registerByPhone('+998901115566');
    expect((await server.call('GET', VALIDATION, { token: access })).json).toEqual({
      status: 'not_verified',
      reference: null,
      reason: null,
      updated_at: null,
      answer_expected_by: null,
    });

    const started = await server.post(VALIDATION, undefined, { token: access });
    expect(started.status).toBe(201);
    const now = server.clock.now();
    expect(started.json).toEqual({
      status: 'in_moderation',
      reference: expect.stringMatching(/^V-\d{10}$/),
      reason: null,
      updated_at: new Date(now).toISOString(),
      answer_expected_by: new Date(now + 24 * 60 * 60 * 1000).toISOString(),
    });
    const again = await server.post(VALIDATION, undefined, { token: access });
    expect([again.status, again.json]).toEqual([409, { errors: [{ error: 'validation_already_in_moderation' }] }]);

    server.clock.advanceSeconds(60);
    const verified = await decide(userId, { status: 'verified' });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({
      status: 'verified',
      reference: started.json.reference,
      answer_expected_by: null,
    });
    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: access });
    expect(profile.json.verification_status).toBe('verified');
    const refused = await server.post(VALIDATION, undefined, { token: access });
    expect([refused.status, refused.json]).toEqual([409, { errors: [{ error: 'validation_already_verified' }] }]);
    expect(await eventTypes()).toEqual(['validation_started', 'validation_verified']);
  });

  it('shows the reason of a failure, and lets the person try again', async () => {
    const { access, user_uuid: userId } = await server.registerByPhone('+998901115566');
    await server.post(VALIDATION, undefined, { token: access });
    const failed = await decide(userId, { status: 'failed', reason: '  The passport photo is blurred.  ' });
    expect(failed.json).toMatchObject({ status: 'failed', reason: 'The passport photo is blurred.' });
    expect((await server.call('GET', VALIDATION, { token: access })).json.reason).toBe(
      'The passport photo is blurred.',
    );
    const retried = await server.post(VALIDATION, undefined, { token: access });
    expect([retried.status, retried.json.status, retried.json.reason]).toEqual([201, 'in_moderation', null]);
    const rows = await server.db.selectFrom('audit_events').select(['type', 'details']).orderBy('id').execute();
    const failure = rows.find((row) => row.type === 'validation_failed');
    expect(JSON.parse(String(failure?.details))).toEqual({ reason: 'The passport photo is blurred.' });
  });

  it("refuses the operator's wrong token (404), an unknown account (404) and a wrong status or reason with their keys", async () => {
    const { access, user_uuid: userId } = await server.registerByPhone('+998901115566');
    const wrong = await decide(userId, { status: 'verified' }, { headers: { authorization: `Bearer ${access}` } });
    expect([wrong.status, wrong.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    expect((await server.call('GET', VALIDATION, { token: access })).json.status).toBe('not_verified');
    const unknown = await decide('0190a6f0-0000-7000-8000-000000000000', { status: 'verified' });
    expect([unknown.status, unknown.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    expect((await decide(userId, { status: 'in_moderation' })).json).toEqual({
      errors: [{ error: 'invalid_value', field: 'status' }],
    });
    expect((await decide(userId, { status: 'failed', reason: 'x'.repeat(501) })).json).toEqual({
      errors: [{ error: 'field_too_long', field: 'reason' }],
    });
    expect((await server.call('GET', VALIDATION)).status).toBe(401);
  });
});
