/** The hourly sweep of spent one-time codes, request ids and step-up proofs: a day after they expired, and only those. */
import { describe, expect, it } from 'vitest';
import { SPENT_CODE_KEEP_SECONDS } from '../config/policy.js';
import { PROOF } from '../test-support/security.js';
import { useTestServer } from '../test-support/test-server.js';
import { sweepSpentCodes } from './spent-codes.js';

const server = useTestServer();

const counts = async () =>
  Promise.all(
    (['otp_codes', 'verifications', 'step_up_proofs'] as const).map(
      async (table) => (await server.db.selectFrom(table).select('id').execute()).length,
    ),
  );

describe('sweepSpentCodes', () => {
  it("drops a sign-up's code, request id and proof a day after they expired, and keeps a later sign-up's", async () => {
    const first = await server.registerByPhone('+998901250021');
    expect((await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' }, { token: first.access })).status).toBe(200);
    const before = await counts();
    expect(before.every((count) => count > 0)).toBe(true);
    // A day after they expired, less a second: kept.
    server.clock.advanceSeconds(SPENT_CODE_KEEP_SECONDS + 5 * 60 - 1);
    expect(await sweepSpentCodes(server.storage, server.clock)).toBe(0);
    const second = await server.registerByPhone('+998901250022');
    expect((await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' }, { token: second.access })).status).toBe(
      200,
    );
    // Every row of the first sign-up has now been expired for over a day; the second's not.
    server.clock.advanceSeconds(60 * 60);
    expect(await sweepSpentCodes(server.storage, server.clock)).toBe(before.reduce((sum, count) => sum + count, 0));
    expect(await counts()).toEqual(before);
    const proofs = await server.db.selectFrom('step_up_proofs').select('user_id').execute();
    expect(proofs).toEqual([{ user_id: second.user_uuid }]);
  });
});
