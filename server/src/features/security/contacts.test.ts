/** Changing the phone and the e-mail, secondary contacts, and the sign-in methods they give. */
import { describe, expect, it } from 'vitest';
import { useSecurityTests } from '../../test-support/security.js';
import { REGISTER_PATH, STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901280011';
const NEW_PHONE = '+998901280099';
const OTHER_PHONE = '+998901280022';
const SECONDARY = `${V1}/user/secondary/`;

const { server, steps, tokens } = useSecurityTests(PHONE);

async function changePhone(phone: string, token = tokens.access) {
  const proof = await steps.proofByPassword(token);
  const requestId = await steps.verifySignedIn(token, { phone }, 'change_phone_verification');
  return server.post(`${V1}/user/change-phone/`, { proof, request_id: requestId }, { token });
}

async function changeEmail(email: string, token = tokens.access) {
  const proof = await steps.proofByPassword(token);
  const requestId = await steps.verifySignedIn(token, { email }, 'email_verification');
  return server.post(`${V1}/user/change-email/`, { proof, request_id: requestId }, { token });
}

async function addSecondary(contact: { phone: string } | { email: string }, token = tokens.access) {
  const proof = await steps.proofByPassword(token);
  const requestId = await steps.verifySignedIn(token, contact, 'confirm_secondary_email_or_phone');
  return server.post(SECONDARY, { proof, request_id: requestId }, { token });
}

const signIn = (body: Record<string, string>) =>
  server.post(`${V1}/login/LoginUser/`, { ...body, password: STRONG_PASSWORD });

describe('POST /user/change-phone/', () => {
  it('moves the account to the new number proven by a code, answering MyProfile, and logs it', async () => {
    const answer = await changePhone(NEW_PHONE);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: tokens.user_uuid, phone: NEW_PHONE, secondary_phone: null });
    expect((await signIn({ phone: PHONE })).json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    expect((await signIn({ phone: NEW_PHONE })).status).toBe(200);
    const [, event] = (await steps.events(tokens.access)).json.results;
    expect(event).toMatchObject({
      type: 'phone_changed',
      details: { from: '+998 90 *** ** 11', to: '+998 90 *** ** 99' },
    });
  });

  it('refuses a number another account took meanwhile, as its phone or its secondary phone, with already_taken', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const requestId = await steps.verifySignedIn(tokens.access, { phone: NEW_PHONE }, 'change_phone_verification');
    const other = await server.registerByPhone(OTHER_PHONE);
    await server.db
      .updateTable('users')
      .set({ secondary_phone: NEW_PHONE })
      .where('id', '=', other.user_uuid)
      .execute();
    const refused = await server.post(
      `${V1}/user/change-phone/`,
      { proof, request_id: requestId },
      { token: tokens.access },
    );
    expect([refused.status, refused.json]).toEqual([400, { errors: [{ error: 'already_taken', field: 'phone' }] }]);
    await server.db.updateTable('users').set({ secondary_phone: null }).where('id', '=', other.user_uuid).execute();
    // Refused, so the proof and the request id are still good.
    expect(
      (await server.post(`${V1}/user/change-phone/`, { proof, request_id: requestId }, { token: tokens.access }))
        .status,
    ).toBe(200);
  });

  it('refuses a primary number of another account at the code already', async () => {
    await server.registerByPhone(OTHER_PHONE);
    const sent = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'change_phone_verification', phone: OTHER_PHONE },
      { token: tokens.access },
    );
    expect(sent.json).toEqual({ errors: [{ error: 'already_taken', field: 'phone' }] });
  });

  it('needs the code to the new number: a request id of another section is request_id_error', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const secondaryId = await steps.verifySignedIn(
      tokens.access,
      { phone: NEW_PHONE },
      'confirm_secondary_email_or_phone',
    );
    expect(
      (await server.post(`${V1}/user/change-phone/`, { proof, request_id: secondaryId }, { token: tokens.access }))
        .json,
    ).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
  });

  it('needs a proof: proof_required', async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: NEW_PHONE }, 'change_phone_verification');
    expect(
      (await server.post(`${V1}/user/change-phone/`, { request_id: requestId }, { token: tokens.access })).json,
    ).toEqual({
      errors: [{ error: 'proof_required', field: 'proof' }],
    });
  });
});

describe('POST /user/change-email/', () => {
  it('sets a verified e-mail, which then signs in, and logs it', async () => {
    const answer = await changeEmail('Dilnoza@Example.uz');
    expect(answer.json).toMatchObject({ email: 'dilnoza@example.uz', email_verified: true });
    expect((await signIn({ email: 'dilnoza@example.uz' })).status).toBe(200);
    const events = (await steps.events(tokens.access)).json.results;
    expect(events[1]).toMatchObject({ type: 'email_changed', details: { from: null, to: 'di***@example.uz' } });
  });

  it('verifies the unverified e-mail given at registration', async () => {
    const requestId = await server.verify({ phone: OTHER_PHONE });
    const registered = await server.post(REGISTER_PATH, {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Aziz',
      last_name: 'Rahimov',
      kind: 1,
      email: 'aziz@example.uz',
    });
    const answer = await changeEmail('aziz@example.uz', registered.json.access);
    expect(answer.json).toMatchObject({ email: 'aziz@example.uz', email_verified: true });
  });

  it('refuses an address another account holds verified, or as its secondary e-mail, with email_taken_email', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const requestId = await steps.verifySignedIn(tokens.access, { email: 'band@example.uz' }, 'email_verification');
    const other = await server.registerByPhone(OTHER_PHONE);
    await server.db
      .updateTable('users')
      .set({ secondary_email: 'band@example.uz' })
      .where('id', '=', other.user_uuid)
      .execute();
    const refused = await server.post(
      `${V1}/user/change-email/`,
      { proof, request_id: requestId },
      { token: tokens.access },
    );
    expect([refused.status, refused.json]).toEqual([400, { errors: [{ error: 'email_taken_email', field: 'email' }] }]);
  });

  it('takes the address from an account that only claimed it unverified', async () => {
    const requestId = await server.verify({ phone: OTHER_PHONE });
    const claimer = await server.post(REGISTER_PATH, {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Aziz',
      last_name: 'Rahimov',
      kind: 1,
      email: 'mine@example.uz',
    });
    expect((await changeEmail('mine@example.uz')).status).toBe(200);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: claimer.json.access })).json.email).toBeNull();
  });
});

describe('secondary contacts', () => {
  it('adds a secondary phone and e-mail by code, answering MyProfile, and logs each', async () => {
    expect((await addSecondary({ phone: NEW_PHONE })).json).toMatchObject({ phone: PHONE, secondary_phone: NEW_PHONE });
    const answer = await addSecondary({ email: 'ikki@example.uz' });
    expect(answer.json).toMatchObject({ secondary_phone: NEW_PHONE, secondary_email: 'ikki@example.uz' });
    const [email, phone] = (await steps.events(tokens.access)).json.results;
    expect(email).toMatchObject({
      type: 'secondary_added',
      details: { contact_type: 'email', contact: 'ik***@example.uz', replaced: null },
    });
    expect(phone).toMatchObject({
      type: 'secondary_added',
      details: { contact_type: 'phone', contact: '+998 90 *** ** 99' },
    });
  });

  it('refuses to add one without a fresh proof, as for the main ones, leaving the request id usable', async () => {
    const requestId = await steps.verifySignedIn(
      tokens.access,
      { email: 'ikki@example.uz' },
      'confirm_secondary_email_or_phone',
    );
    for (const proof of [undefined, 'not-a-proof']) {
      const refused = await server.post(SECONDARY, { proof, request_id: requestId }, { token: tokens.access });
      expect([refused.status, refused.json]).toEqual([400, { errors: [{ error: 'proof_required', field: 'proof' }] }]);
    }
    expect(
      (await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access })).json.secondary_email,
    ).toBeNull();
    const proof = await steps.proofByPassword(tokens.access);
    const added = await server.post(SECONDARY, { proof, request_id: requestId }, { token: tokens.access });
    expect([added.status, added.json.secondary_email]).toEqual([200, 'ikki@example.uz']);
    // The proof is single-use: replacing the backup e-mail asks for a new one.
    const again = await steps.verifySignedIn(
      tokens.access,
      { email: 'uch@example.uz' },
      'confirm_secondary_email_or_phone',
    );
    expect((await server.post(SECONDARY, { proof, request_id: again }, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'proof_required', field: 'proof' }],
    });
  });

  it('counts a secondary contact as taken for everyone else: at registration and at a change', async () => {
    await addSecondary({ phone: NEW_PHONE });
    await addSecondary({ email: 'ikki@example.uz' });
    const requestId = await server.verify({ phone: NEW_PHONE });
    const register = await server.post(REGISTER_PATH, {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Aziz',
      last_name: 'Rahimov',
      kind: 2,
    });
    expect(register.json).toEqual({ errors: [{ error: 'user_exists_phone', field: 'phone' }] });
    const emailId = await server.verify({ email: 'ikki@example.uz' });
    const byEmail = await server.post(REGISTER_PATH, {
      request_id: emailId,
      password: STRONG_PASSWORD,
      first_name: 'Aziz',
      last_name: 'Rahimov',
      kind: 1,
    });
    expect(byEmail.json).toEqual({ errors: [{ error: 'email_taken_email', field: 'email' }] });

    const other = await server.registerByPhone(OTHER_PHONE);
    const sent = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'change_phone_verification', phone: NEW_PHONE },
      { token: other.access },
    );
    expect(sent.json).toEqual({ errors: [{ error: 'already_taken', field: 'phone' }] });
  });

  it('does not sign in with a secondary contact', async () => {
    await addSecondary({ phone: NEW_PHONE });
    expect((await signIn({ phone: NEW_PHONE })).json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
  });

  it("refuses the account's own primary as its secondary with same_contact", async () => {
    const sent = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'confirm_secondary_email_or_phone', phone: PHONE },
      { token: tokens.access },
    );
    expect(sent.json).toEqual({ errors: [{ error: 'same_contact', field: 'phone' }] });
  });

  it('removes one by type, answering MyProfile; removing none changes nothing', async () => {
    await addSecondary({ phone: NEW_PHONE });
    const removed = await server.call('DELETE', `${SECONDARY}?type=phone`, { token: tokens.access });
    expect([removed.status, removed.json.secondary_phone]).toEqual([200, null]);
    const [event] = (await steps.events(tokens.access)).json.results;
    expect(event).toMatchObject({
      type: 'secondary_removed',
      details: { contact_type: 'phone', contact: '+998 90 *** ** 99' },
    });
    const again = await server.call('DELETE', `${SECONDARY}?type=phone`, { token: tokens.access });
    expect(again.status).toBe(200);
    expect((await steps.events(tokens.access)).json.count).toBe(3);
    expect((await server.call('DELETE', `${SECONDARY}?type=fax`, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'invalid_value', field: 'type' }],
    });
    expect((await server.call('DELETE', SECONDARY, { token: tokens.access })).json).toEqual({
      errors: [{ error: 'field_required', field: 'type' }],
    });
  });

  it('swaps a secondary phone with the primary one, with a proof', async () => {
    await addSecondary({ phone: NEW_PHONE });
    const proof = await steps.proofByPassword(tokens.access);
    const answer = await server.post(`${SECONDARY}make-primary/`, { type: 'phone', proof }, { token: tokens.access });
    expect(answer.json).toMatchObject({ phone: NEW_PHONE, secondary_phone: PHONE });
    expect((await signIn({ phone: NEW_PHONE })).status).toBe(200);
    const events = (await steps.events(tokens.access)).json.results;
    expect(events[1]).toMatchObject({
      type: 'secondary_made_primary',
      details: { contact_type: 'phone', contact: '+998 90 *** ** 99' },
    });
  });

  it('makes a secondary e-mail the primary one, verified', async () => {
    await addSecondary({ email: 'ikki@example.uz' });
    const proof = await steps.proofByPassword(tokens.access);
    const answer = await server.post(`${SECONDARY}make-primary/`, { type: 'email', proof }, { token: tokens.access });
    expect(answer.json).toMatchObject({ email: 'ikki@example.uz', email_verified: true, secondary_email: null });
  });

  it('refuses make-primary without a secondary of that type, or without a proof', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const none = await server.post(`${SECONDARY}make-primary/`, { type: 'email', proof }, { token: tokens.access });
    expect(none.json).toEqual({ errors: [{ error: 'secondary_not_found', field: 'type' }] });
    await addSecondary({ phone: NEW_PHONE });
    const noProof = await server.post(`${SECONDARY}make-primary/`, { type: 'phone' }, { token: tokens.access });
    expect(noProof.json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
    // The refused swap left the first proof unused.
    expect(
      (await server.post(`${SECONDARY}make-primary/`, { type: 'phone', proof }, { token: tokens.access })).status,
    ).toBe(200);
  });
});

describe('GET /user/login-methods/', () => {
  it('says which ways in the account has', async () => {
    const answer = await server.call('GET', `${V1}/user/login-methods/`, { token: tokens.access });
    expect(answer.json).toEqual({
      password: true,
      phone_code: true,
      email_code: false,
      social: [],
      identities: [],
      passkeys: 0,
    });
    await changeEmail('dilnoza@example.uz');
    expect((await server.call('GET', `${V1}/user/login-methods/`, { token: tokens.access })).json.email_code).toBe(
      true,
    );
  });
});
