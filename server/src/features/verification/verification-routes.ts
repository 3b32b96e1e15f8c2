/**
 * POST /auth/SendAuth{Sms,Email}Verification/ and /auth/CheckAuth{Sms,Email}Verification/ (docs/product.md §7):
 * send a one-time code, and trade the right code for a single-use request_id.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  isOtpCode,
  type CodeChecked,
  type CodeSent,
  type EmailCodeCheckRequest,
  type EmailCodeRequest,
  type SmsCodeCheckRequest,
  type SmsCodeRequest,
} from '../../contract/verification.js';
import { badRequest, TokenError } from '../../lib/api-error.js';
import type { Contact } from '../../lib/contacts.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { bearerToken } from '../../middleware/require-auth.js';
import { emailField, phoneField } from '../../services/contact-fields.js';
import { findRecoveryAccount } from '../../services/find-account.js';
import { PUBLIC_PURPOSES, PURPOSES, type Purpose } from '../../services/purposes.js';
import type { Authenticated } from '../../services/session-service.js';
import { signedInBinding } from '../../services/signed-in-codes.js';

const typeField = v.picklist(PURPOSES, 'invalid_type');
const codeField = v.pipe(v.string('invalid_code'), v.check(isOtpCode, 'invalid_code'));

const sendSmsSchema = requestSchema<SmsCodeRequest>()(
  v.strictObject({
    type: typeField,
    phone: phoneField,
    method: v.optional(v.picklist(['sms', 'call'], 'invalid_method'), 'sms'),
  }),
);
const sendEmailSchema = requestSchema<EmailCodeRequest>()(
  v.strictObject({
    type: typeField,
    email: emailField,
    method: v.optional(v.picklist(['email'], 'invalid_method'), 'email'),
  }),
);
const checkSmsSchema = requestSchema<SmsCodeCheckRequest>()(
  v.strictObject({ type: typeField, phone: phoneField, code: codeField }),
);
const checkEmailSchema = requestSchema<EmailCodeCheckRequest>()(
  v.strictObject({ type: typeField, email: emailField, code: codeField }),
);

/** What the SPA tells the person: which way the code went, and whether to the account's backup contact. */
function sentMessage(channel: 'sms' | 'call' | 'email', backup: boolean): CodeSent['message'] {
  if (channel === 'email') return backup ? 'code_send_to_backup_email' : 'code_send_to_email';
  if (channel === 'call') return backup ? 'call_send_to_backup_phone' : 'call_send_to_phone';
  return backup ? 'code_send_to_backup_phone' : 'code_send_to_phone';
}

export function verificationRoutes({ storage, otp, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  /**
   * The account the request id will belong to: none for a sign-in section (where a token, even a
   * stale one, changes nothing: the SPA sends its token with every call), the caller's for a
   * section of the security pages, which needs a valid token (services/signed-in-codes.ts).
   */
  async function bindingFor(c: Context<AppEnv>, purpose: Purpose, contact: Contact): Promise<string | null> {
    const isPublic = PUBLIC_PURPOSES[contact.type].includes(purpose);
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      if (!isPublic) throw badRequest('invalid_type', 'type');
      return null;
    }
    let auth: Authenticated;
    try {
      auth = await sessions.authenticate(token);
    } catch (error) {
      if (isPublic && error instanceof TokenError) return null;
      throw error;
    }
    return signedInBinding(storage, auth, purpose, contact, isPublic);
  }

  async function send(c: Context<AppEnv>, purpose: Purpose, contact: Contact, channel: 'sms' | 'call' | 'email') {
    await bindingFor(c, purpose, contact);
    // Restoring a password needs an account to restore; say so rather than send a useless code. A
    // backup contact restores its account too (always proven: added only by a code sent to it).
    const recovery = purpose === 'forget_pass_verification' ? await findRecoveryAccount(storage, contact) : undefined;
    if (purpose === 'forget_pass_verification' && !recovery) {
      // Recovery goes only through a proven contact; an unproven claim on the e-mail is told apart
      // from no account at all, so that its owner knows the way in (the phone, then Security).
      if (contact.type === 'email' && (await storage.users.hasUnverifiedEmail(contact.value)))
        throw badRequest('email_not_verified_restore', 'email');
      throw badRequest(contact.type === 'phone' ? 'user_not_found_phone' : 'user_not_found_email', contact.type);
    }
    const { ip, locale } = c.get('meta');
    const sent = await otp.send({ purpose, contact, channel, ip, locale });
    return c.json({
      message: sentMessage(channel, recovery?.backup === true),
      to: sent.to,
      expires_in: sent.expiresInSeconds,
      resend_in: sent.resendInSeconds,
    } satisfies CodeSent);
  }

  async function check(c: Context<AppEnv>, purpose: Purpose, contact: Contact, code: string) {
    const userId = await bindingFor(c, purpose, contact);
    await otp.consume(purpose, contact, code);
    return c.json({ request_id: await otp.issueProof(purpose, contact, userId) } satisfies CodeChecked);
  }

  app.post('/SendAuthSmsVerification/', async (c) => {
    const body = await readJsonBody(c, sendSmsSchema);
    return send(c, body.type, { type: 'phone', value: body.phone }, body.method);
  });
  app.post('/SendAuthEmailVerification/', async (c) => {
    const body = await readJsonBody(c, sendEmailSchema);
    return send(c, body.type, { type: 'email', value: body.email }, 'email');
  });
  app.post('/CheckAuthSmsVerification/', async (c) => {
    const body = await readJsonBody(c, checkSmsSchema);
    return check(c, body.type, { type: 'phone', value: body.phone }, body.code);
  });
  app.post('/CheckAuthEmailVerification/', async (c) => {
    const body = await readJsonBody(c, checkEmailSchema);
    return check(c, body.type, { type: 'email', value: body.email }, body.code);
  });
  return app;
}
