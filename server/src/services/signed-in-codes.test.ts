/** The security pages' code sections in /auth/SendAuth…/ and /auth/CheckAuth…/, sent with a Bearer token. */
import { describe, expect, it } from 'vitest';
import { useSecurityTests } from '../test-support/security.js';
import { V1 } from '../test-support/test-server.js';

const PHONE = '+998901260011';
const NEW_PHONE = '+998901260099';
const SEND_SMS = `${V1}/auth/SendAuthSmsVerification/`;
const SEND_EMAIL = `${V1}/auth/SendAuthEmailVerification/`;
const CHECK_SMS = `${V1}/auth/CheckAuthSmsVerification/`;

const { server, steps, tokens } = useSecurityTests(PHONE);

const requestRow = (purpose: string, contact: string) =>
  server.db
    .selectFrom('verifications')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('contact', '=', contact)
    .executeTakeFirstOrThrow();

describe('sections for a new contact', () => {
  it('sends change_phone_verification to a new phone and binds the request id to the account', async () => {
    const sent = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect([sent.status, sent.json.message, sent.json.to]).toEqual([200, 'code_send_to_phone', '+998 90 *** ** 99']);
    const code = await server.lastCode(NEW_PHONE);
    const checked = await server.post(
      CHECK_SMS,
      { type: 'change_phone_verification', phone: NEW_PHONE, code },
      { token: tokens.access },
    );
    expect(checked.status).toBe(200);
    expect((await requestRow('change_phone_verification', NEW_PHONE)).user_id).toBe(tokens.user_uuid);
  });

  it('sends email_verification and confirm_secondary_email_or_phone to new contacts', async () => {
    const email = await server.post(
      SEND_EMAIL,
      { type: 'email_verification', email: 'Yangi@Example.UZ' },
      { token: tokens.access },
    );
    expect([email.status, email.json.to]).toEqual([200, 'ya***@example.uz']);
    const secondary = await server.post(
      SEND_SMS,
      { type: 'confirm_secondary_email_or_phone', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect(secondary.status).toBe(200);
  });

  it('refuses them signed out (invalid_type, as before) and with a bad token (401, so the SPA refreshes)', async () => {
    const signedOut = await server.post(SEND_SMS, { type: 'change_phone_verification', phone: NEW_PHONE });
    expect([signedOut.status, signedOut.json]).toEqual([400, { errors: [{ error: 'invalid_type', field: 'type' }] }]);
    const badToken = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: NEW_PHONE },
      { token: 'not.a.token' },
    );
    expect([badToken.status, badToken.json.code]).toEqual([401, 'token_not_valid']);
    expect(await server.storage.outbox.list(10)).toHaveLength(1); // the registration's code only
  });

  it('refuses the wrong kind of contact for a section', async () => {
    const phoneForEmail = await server.post(
      SEND_SMS,
      { type: 'email_verification', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect(phoneForEmail.json).toEqual({ errors: [{ error: 'invalid_type', field: 'type' }] });
    const emailForPhone = await server.post(
      SEND_EMAIL,
      { type: 'change_phone_verification', email: 'a@example.uz' },
      { token: tokens.access },
    );
    expect(emailForPhone.json).toEqual({ errors: [{ error: 'invalid_type', field: 'type' }] });
    const social = await server.post(SEND_SMS, { type: 'social_login', phone: NEW_PHONE }, { token: tokens.access });
    expect(social.json).toEqual({ errors: [{ error: 'invalid_type', field: 'type' }] });
  });

  it('refuses a contact another account holds, as its primary or as its secondary, before sending anything', async () => {
    const other = await server.registerByPhone('+998901260022');
    const taken = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: '+998901260022' },
      { token: tokens.access },
    );
    expect([taken.status, taken.json]).toEqual([400, { errors: [{ error: 'already_taken', field: 'phone' }] }]);
    await server.db
      .updateTable('users')
      .set({ secondary_phone: '+998901260033', secondary_email: 'ikki@example.uz' })
      .where('id', '=', other.user_uuid)
      .execute();
    const secondary = await server.post(
      SEND_SMS,
      { type: 'confirm_secondary_email_or_phone', phone: '+998901260033' },
      { token: tokens.access },
    );
    expect(secondary.json).toEqual({ errors: [{ error: 'already_taken', field: 'phone' }] });
    const email = await server.post(
      SEND_EMAIL,
      { type: 'email_verification', email: 'ikki@example.uz' },
      { token: tokens.access },
    );
    expect(email.json).toEqual({ errors: [{ error: 'email_taken_email', field: 'email' }] });
    expect((await server.storage.outbox.list(10)).map((m) => m.recipient)).not.toContain('+998901260033');
  });

  it("refuses the account's own contact with same_contact", async () => {
    const own = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: PHONE },
      { token: tokens.access },
    );
    expect(own.json).toEqual({ errors: [{ error: 'same_contact', field: 'phone' }] });
  });

  it('keeps the cooldown and the limits of every code', async () => {
    await server.post(SEND_SMS, { type: 'change_phone_verification', phone: NEW_PHONE }, { token: tokens.access });
    const again = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect([again.status, again.json]).toEqual([429, { errors: [{ error: 'timeout' }] }]);
  });

  it('refuses a deactivated account with 403 account_inactive', async () => {
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const sent = await server.post(
      SEND_SMS,
      { type: 'change_phone_verification', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect([sent.status, sent.json]).toEqual([403, { errors: [{ error: 'account_inactive' }] }]);
  });
});

describe("sections for the account's own contact", () => {
  it('sends confirm_email_or_phone to the own phone (a deactivated account too: that is how it restores itself)', async () => {
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await requestRow('confirm_email_or_phone', PHONE)).user_id).toBe(tokens.user_uuid);
  });

  it("refuses confirm_email_or_phone to a phone that is not the account's with not_own_contact", async () => {
    const sent = await server.post(
      SEND_SMS,
      { type: 'confirm_email_or_phone', phone: NEW_PHONE },
      { token: tokens.access },
    );
    expect(sent.json).toEqual({ errors: [{ error: 'not_own_contact', field: 'phone' }] });
  });

  it('binds forget_pass_verification for the own phone to the account, and leaves other phones public as before', async () => {
    await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    expect((await requestRow('forget_pass_verification', PHONE)).user_id).toBe(tokens.user_uuid);
    await server.registerByPhone('+998901260022');
    await steps.verifySignedIn(tokens.access, { phone: '+998901260022' }, 'forget_pass_verification');
    expect((await requestRow('forget_pass_verification', '+998901260022')).user_id).toBeNull();
  });
});

describe('the sign-in sections with a token', () => {
  it('work as for anybody, bound to nobody, even with an expired or broken token', async () => {
    const withToken = await steps.verifySignedIn(tokens.access, { phone: '+998901260044' }, 'login_sms_verification');
    expect(withToken).toBeTruthy();
    expect((await requestRow('login_sms_verification', '+998901260044')).user_id).toBeNull();
    server.clock.advanceSeconds(16 * 60);
    const email = await steps.verifySignedIn(tokens.access, { email: 'new@example.uz' }, 'confirm_email_or_phone');
    expect(email).toBeTruthy();
    expect((await requestRow('confirm_email_or_phone', 'new@example.uz')).user_id).toBeNull();
    const broken = await server.post(
      SEND_SMS,
      { type: 'login_sms_verification', phone: '+998901260055' },
      { token: 'broken' },
    );
    expect(broken.status).toBe(200);
  });
});
