/**
 * "Forgot your password?" through a backup contact: the reset code goes to a backup e-mail or phone
 * (always proven: added only by a code sent to it), the answer says so, and the restore resets the
 * account that holds it. A contact that is one account's main contact resets that account only.
 */
import { describe, expect, it } from 'vitest';
import { useSecurityTests } from '../../test-support/security.js';
import { STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901310011';
const BACKUP_PHONE = '+998901310099';
const BACKUP_EMAIL = 'zaxira@example.uz';
const NEW_PASSWORD = 'Yangi-parol-Buxoro-7';

const { server, steps, tokens } = useSecurityTests(PHONE);

async function addBackup(contact: { phone: string } | { email: string }, token = tokens.access) {
  const proof = await steps.proofByPassword(token);
  const requestId = await steps.verifySignedIn(token, contact, 'confirm_secondary_email_or_phone');
  const added = await server.post(`${V1}/user/secondary/`, { proof, request_id: requestId }, { token });
  if (added.status !== 200) throw new Error(`adding the backup contact failed: ${added.text}`);
}

const sendReset = (contact: { phone: string } | { email: string }, method?: 'call') =>
  server.post(`${V1}/auth/${'phone' in contact ? 'SendAuthSmsVerification' : 'SendAuthEmailVerification'}/`, {
    type: 'forget_pass_verification',
    ...contact,
    ...(method ? { method } : {}),
  });

async function restoreThrough(contact: { phone: string } | { email: string }) {
  const requestId = await server.verify(contact, 'forget_pass_verification');
  const path = 'phone' in contact ? 'RestorePasswordSms' : 'RestorePasswordEmail';
  return server.post(`${V1}/restore-password/${path}/`, { request_id: requestId, password: NEW_PASSWORD });
}

const signIn = (password: string) => server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password });

describe('a password reset through a backup contact', () => {
  it('sends the code to a backup e-mail, saying it is the backup one, and restores the account', async () => {
    expect((await sendReset({ email: BACKUP_EMAIL })).json).toEqual({
      errors: [{ error: 'user_not_found_email', field: 'email' }],
    });
    await addBackup({ email: BACKUP_EMAIL });
    server.clock.advanceSeconds(121);
    const sent = await sendReset({ email: BACKUP_EMAIL });
    expect([sent.status, sent.json]).toEqual([
      200,
      expect.objectContaining({ message: 'code_send_to_backup_email', to: 'za***@example.uz' }),
    ]);
    server.clock.advanceSeconds(121);
    const restored = await restoreThrough({ email: BACKUP_EMAIL });
    expect([restored.status, restored.json]).toEqual([200, { detail: 'password_changed', ended: 1, ended_apps: 0 }]);
    expect((await signIn(STRONG_PASSWORD)).json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    const again = await signIn(NEW_PASSWORD);
    expect(again.json.user_uuid).toBe(tokens.user_uuid);
    const events = (await steps.events(again.json.access)).json.results as { type: string }[];
    expect(events.map((event) => event.type)).toContain('password_reset');
  });

  it('sends it by SMS or by a call to a backup phone, and restores the account', async () => {
    await addBackup({ phone: BACKUP_PHONE });
    const sent = await sendReset({ phone: BACKUP_PHONE });
    expect(sent.json).toMatchObject({ message: 'code_send_to_backup_phone', to: '+998 90 *** ** 99' });
    server.clock.advanceSeconds(121);
    expect((await sendReset({ phone: BACKUP_PHONE }, 'call')).json).toMatchObject({
      message: 'call_send_to_backup_phone',
    });
    server.clock.advanceSeconds(121);
    expect((await restoreThrough({ phone: BACKUP_PHONE })).status).toBe(200);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
  });

  it('says nothing of a backup for a main contact', async () => {
    expect((await sendReset({ phone: PHONE })).json).toMatchObject({ message: 'code_send_to_phone' });
  });

  it('no longer resets through a backup contact once it is removed', async () => {
    await addBackup({ email: BACKUP_EMAIL });
    await server.call('DELETE', `${V1}/user/secondary/?type=email`, { token: tokens.access });
    expect((await sendReset({ email: BACKUP_EMAIL })).json).toEqual({
      errors: [{ error: 'user_not_found_email', field: 'email' }],
    });
  });

  it("resets the main holder's account when a contact is one account's main and another's backup, never revealing the other", async () => {
    // The handlers keep the two apart; a row that slipped past them still resets only the main holder.
    const other = await server.registerByPhone('+998901310022');
    await server.db.updateTable('users').set({ secondary_phone: PHONE }).where('id', '=', other.user_uuid).execute();
    expect((await sendReset({ phone: PHONE })).json).toMatchObject({ message: 'code_send_to_phone' });
    server.clock.advanceSeconds(121);
    expect((await restoreThrough({ phone: PHONE })).status).toBe(200);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
    const otherIn = await server.post(`${V1}/login/LoginUser/`, { phone: '+998901310022', password: STRONG_PASSWORD });
    expect(otherIn.status).toBe(200);
  });

  it("does not take a backup contact for the account's main one when the restore's section differs", async () => {
    await addBackup({ email: BACKUP_EMAIL });
    const requestId = await server.verify({ email: BACKUP_EMAIL }, 'forget_pass_verification');
    const wrong = await server.post(`${V1}/restore-password/RestorePasswordSms/`, {
      request_id: requestId,
      password: NEW_PASSWORD,
    });
    expect(wrong.json).toEqual({ errors: [{ error: 'request_id_error', field: 'request_id' }] });
  });
});
