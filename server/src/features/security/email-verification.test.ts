/**
 * An e-mail given at sign-up is stored unproven: POST /user/verify-email/ proves it by a code, a
 * password reset by it says why it cannot be used yet, and it cannot be taken as the backup e-mail.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE, useSecurityTests } from '../../test-support/security.js';
import { STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901290011';
const EMAIL = 'dilnoza@example.uz';
const VERIFY = `${V1}/user/verify-email/`;

const { server, steps, tokens } = useSecurityTests(PHONE, { kind: 1, email: EMAIL });

const profile = async () => (await server.call('GET', PROFILE, { token: tokens.access })).json;
const sendReset = () =>
  server.post(`${V1}/auth/SendAuthEmailVerification/`, { type: 'forget_pass_verification', email: EMAIL });

describe('an e-mail given at sign-up', () => {
  it('is stored unverified, and a reset by it says to verify it first, not that it is unknown', async () => {
    expect(await profile()).toMatchObject({ email: EMAIL, email_verified: false });
    const refused = await sendReset();
    expect([refused.status, refused.json]).toEqual([
      400,
      { errors: [{ error: 'email_not_verified_restore', field: 'email' }] },
    ]);
    const unknown = await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'forget_pass_verification',
      email: 'nobody@example.uz',
    });
    expect(unknown.json).toEqual({ errors: [{ error: 'user_not_found_email', field: 'email' }] });
  });

  it('is verified by a code sent to it while signed in; then it signs in, restores the password, and the log says so', async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { email: EMAIL }, 'email_verification');
    const verified = await server.post(VERIFY, { request_id: requestId }, { token: tokens.access });
    expect([verified.status, verified.json]).toEqual([
      200,
      expect.objectContaining({ email: EMAIL, email_verified: true, phone: PHONE }),
    ]);
    expect((await server.post(`${V1}/login/LoginUser/`, { email: EMAIL, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await sendReset()).status).toBe(200);
    const events = (await steps.events(tokens.access)).json.results as { type: string }[];
    expect(events.find((event) => event.type === 'email_verified')).toMatchObject({
      type: 'email_verified',
      details: { email: expect.stringContaining('@example.uz') },
    });
    // Used once: the same request id again is refused and changes nothing.
    expect((await server.post(VERIFY, { request_id: requestId }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'unique_request_id', field: 'request_id' }],
    });
  });

  it('drops another account’s unproven claim to the same address when this one proves it', async () => {
    const other = await server.registerByPhone('+998901290022', { kind: 1, email: EMAIL });
    const requestId = await steps.verifySignedIn(tokens.access, { email: EMAIL }, 'email_verification');
    expect((await server.post(VERIFY, { request_id: requestId }, { token: tokens.access })).status).toBe(200);
    expect((await server.call('GET', PROFILE, { token: other.access })).json).toMatchObject({
      email: null,
      email_verified: false,
    });
  });

  it('refuses a request id of another section, or one for an address that is not the unverified main e-mail', async () => {
    const secondaryId = await steps.verifySignedIn(
      tokens.access,
      { email: 'other@example.uz' },
      'confirm_secondary_email_or_phone',
    );
    expect((await server.post(VERIFY, { request_id: secondaryId }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    const otherId = await steps.verifySignedIn(tokens.access, { email: 'other@example.uz' }, 'email_verification');
    expect((await server.post(VERIFY, { request_id: otherId }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    expect(await profile()).toMatchObject({ email: EMAIL, email_verified: false });
    expect((await server.post(VERIFY, {}, { token: tokens.access })).status).toBe(400);
    expect((await server.post(VERIFY, { request_id: 'x' })).status).toBe(401);
  });

  it('cannot be added as the backup e-mail: refused at the code, and at the change, with the main one kept', async () => {
    const sent = await server.post(
      `${V1}/auth/SendAuthEmailVerification/`,
      { type: 'confirm_secondary_email_or_phone', email: EMAIL },
      { token: tokens.access },
    );
    expect([sent.status, sent.json]).toEqual([
      400,
      { errors: [{ error: 'email_is_main_unverified', field: 'email' }] },
    ]);
    // A code checked before the rule existed (or raced) is refused where the change is made.
    await server.db.updateTable('users').set({ email: null }).where('id', '=', tokens.user_uuid).execute();
    const requestId = await steps.verifySignedIn(tokens.access, { email: EMAIL }, 'confirm_secondary_email_or_phone');
    await server.db.updateTable('users').set({ email: EMAIL }).where('id', '=', tokens.user_uuid).execute();
    const proof = await steps.proofByPassword(tokens.access);
    const added = await server.post(
      `${V1}/user/secondary/`,
      { proof, request_id: requestId },
      { token: tokens.access },
    );
    expect([added.status, added.json]).toEqual([
      400,
      { errors: [{ error: 'email_is_main_unverified', field: 'email' }] },
    ]);
    expect(await profile()).toMatchObject({ email: EMAIL, email_verified: false, secondary_email: null });
  });
});
