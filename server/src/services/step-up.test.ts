/** POST /user/security/proof/: fresh proofs for sensitive changes — single-use, five minutes, one sign-in. */
import { describe, expect, it } from 'vitest';
import { PROOF, useSecurityTests } from '../test-support/security.js';
import { V1 } from '../test-support/test-server.js';

const PHONE = '+998901250011';
const NEW_PHONE = '+998901250099';
const { server, steps, tokens } = useSecurityTests(PHONE);

/** Spends a proof on a phone change to a fresh number; returns the answer. */
async function changePhone(proof: string | undefined, phone = NEW_PHONE, token = tokens.access) {
  const requestId = await steps.verifySignedIn(token, { phone }, 'change_phone_verification');
  return server.post(
    `${V1}/user/change-phone/`,
    { ...(proof === undefined ? {} : { proof }), request_id: requestId },
    { token },
  );
}

describe('a proof by password', () => {
  it('is an opaque secret for 300 seconds, kept only as a hash', async () => {
    const answer = await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' }, { token: tokens.access });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ proof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 300 });
    const rows = await server.db.selectFrom('step_up_proofs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(answer.json.proof);
    expect(rows[0]).toMatchObject({ user_id: tokens.user_uuid, session_id: tokens.session, used_at: null });
  });

  it('is refused for a wrong password with invalid_old_password, and locked like sign-ins after repeated failures', async () => {
    for (let i = 0; i < 3; i += 1) {
      const wrong = await server.post(PROOF, { password: `wrong-password-${i}` }, { token: tokens.access });
      expect([wrong.status, wrong.json]).toEqual([
        400,
        { errors: [{ error: 'invalid_old_password', field: 'password' }] },
      ]);
    }
    const locked = await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' }, { token: tokens.access });
    expect([locked.status, locked.json]).toEqual([429, { errors: [{ error: 'too_many_attempts_login' }] }]);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advanceSeconds(31);
    expect((await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' }, { token: tokens.access })).status).toBe(
      200,
    );
  });

  it('needs exactly one of password and request_id', async () => {
    expect((await server.post(PROOF, {}, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'field_required', field: 'password' }],
    });
    const both = await server.post(PROOF, { password: 'x', request_id: 'y' }, { token: tokens.access });
    expect(both.json).toEqual({ errors: [{ error: 'invalid_value', field: 'password' }] });
  });

  it('needs a signed-in caller', async () => {
    expect((await server.post(PROOF, { password: 'Qovun-pishdi-Chorsu-7' })).status).toBe(401);
  });
});

describe('a proof by code', () => {
  it("takes a confirm_email_or_phone request id for the account's own phone, sent while signed in", async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    const answer = await server.post(PROOF, { request_id: requestId }, { token: tokens.access });
    expect(answer.status).toBe(200);
    expect((await changePhone(answer.json.proof)).status).toBe(200);
    // The request id was used up with it.
    expect((await server.post(PROOF, { request_id: requestId }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'unique_request_id', field: 'request_id' }],
    });
  });

  it('refuses a request id of a code checked signed out, or by another account', async () => {
    const signedOut = await server.verify({ email: 'nodir@example.uz' });
    expect((await server.post(PROOF, { request_id: signedOut }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    const other = await server.registerByPhone('+998901250022');
    const theirs = await steps.verifySignedIn(other.access, { phone: '+998901250022' }, 'confirm_email_or_phone');
    expect((await server.post(PROOF, { request_id: theirs }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    // Refused, not used up: its owner still can.
    expect((await server.post(PROOF, { request_id: theirs }, { token: other.access })).status).toBe(200);
  });

  it('refuses a request id of another section', async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    expect((await server.post(PROOF, { request_id: requestId }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
  });
});

describe('spending a proof', () => {
  it('works once: the second use is proof_required', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    expect((await changePhone(proof)).status).toBe(200);
    server.clock.advanceSeconds(121);
    const again = await changePhone(proof, '+998901250098');
    expect([again.status, again.json]).toEqual([400, { errors: [{ error: 'proof_required', field: 'proof' }] }]);
  });

  it('works at 299 seconds and not at 300', async () => {
    const late = await steps.proofByPassword(tokens.access);
    const inTime = await steps.proofByPassword(tokens.access);
    server.clock.advanceSeconds(299);
    const requestId = await steps.verifySignedIn(tokens.access, { phone: NEW_PHONE }, 'change_phone_verification');
    expect(
      (
        await server.post(
          `${V1}/user/change-phone/`,
          { proof: inTime, request_id: requestId },
          { token: tokens.access },
        )
      ).status,
    ).toBe(200);
    server.clock.advanceSeconds(1);
    const refused = await changePhone(late, '+998901250098');
    expect(refused.json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
  });

  it('is missing, unknown or from another sign-in of the same account: proof_required', async () => {
    expect((await changePhone(undefined)).json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
    server.clock.advanceSeconds(121);
    expect((await changePhone('not-a-proof')).json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
    const elsewhere = await steps.signIn(PHONE);
    const theirProof = await steps.proofByPassword(elsewhere.access);
    server.clock.advanceSeconds(121);
    expect((await changePhone(theirProof)).json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
  });

  it('stays usable when the change it was spent on is refused', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const refused = await server.post(
      `${V1}/user/change-phone/`,
      { proof, request_id: 'unknown' },
      { token: tokens.access },
    );
    expect(refused.json).toEqual({ errors: [{ error: 'request_id_error', field: 'request_id' }] });
    expect((await changePhone(proof)).status).toBe(200);
  });
});
