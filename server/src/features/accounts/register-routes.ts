/**
 * POST /sso/api/v2/register/RegisterUser/ (docs/product.md §7): an account from a verified phone or e-mail.
 * Everything that can be checked is checked before the request_id is redeemed, and the redemption,
 * the new account and its first session commit together: a refused registration leaves the proof
 * usable, so the person does not have to wait for a new code.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { RegistrationRequest } from '../../contract/registration.js';
import { badRequest } from '../../lib/api-error.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomId } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { bindDevice } from '../../middleware/device-key.js';
import { emailField, saveField } from '../../services/contact-fields.js';
import { nameField } from '../../services/names.js';
import { tokenResponse } from '../../services/token-response.js';
import { NEW_ACCOUNT_PROFILE, type User } from '../../storage/records.js';
import { recordEvent } from '../../services/audit-log.js';

/** docs/product.md §3 registration kinds. Social sign-up (0) is services/social/. */
const KIND_WITH_EMAIL = 1;
const KIND_EMAIL_SKIPPED = 2;

const registerSchema = requestSchema<RegistrationRequest>()(
  v.strictObject({
    request_id: v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error')),
    password: v.pipe(v.string('invalid_value'), v.maxLength(1024, 'password_too_long')),
    first_name: nameField,
    last_name: nameField,
    email: v.optional(v.nullable(v.union([v.literal(''), emailField], 'invalid_email'))),
    kind: v.picklist([KIND_WITH_EMAIL, KIND_EMAIL_SKIPPED], 'invalid_kind'),
    save: saveField,
  }),
);

export function registerRoutes({ config, storage, clock, otp, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  // The new session records the device of the HttpOnly device cookie, never the Device-Id header.
  app.use('*', bindDevice({ product: config.product, storage }));

  app.post('/RegisterUser/', async (c) => {
    const body = await readJsonBody(c, registerSchema);
    const problem = passwordProblem(body.password);
    if (problem) throw badRequest(problem, 'password');
    const email = body.email || null;
    const passwordHash = await hashPassword(body.password);

    const { account, started } = await storage.transaction(async (tx) => {
      const proof = await otp.redeemProof(tx, body.request_id, ['login_sms_verification', 'confirm_email_or_phone']);
      const now = clock.now();
      const user: User = {
        id: randomId(),
        phone: null,
        email,
        emailVerified: false,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        isInactivated: false,
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
        ...NEW_ACCOUNT_PROFILE,
        registrationKind: body.kind,
      };
      if (proof.contactType === 'phone') {
        // With a phone, kind says whether an e-mail comes along (docs/product.md §3); with an e-mail it always does.
        if (body.kind === KIND_WITH_EMAIL && email === null) throw badRequest('field_required', 'email');
        if (body.kind === KIND_EMAIL_SKIPPED && email !== null) throw badRequest('invalid_kind', 'kind');
        // A secondary phone of another account counts as taken too (services/account-contacts.ts).
        if (await tx.contacts.ownerOfPhone(proof.contact)) throw badRequest('user_exists_phone', 'phone');
        user.phone = proof.contact;
      } else {
        if (email !== null && email !== proof.contact) throw badRequest('invalid_email', 'email');
        user.email = proof.contact;
        user.emailVerified = true;
      }
      if (user.email !== null) {
        if (await tx.contacts.ownerOfEmail(user.email)) throw badRequest('email_taken_email', 'email');
        // A proven address outranks anyone's unproven claim to it.
        if (user.emailVerified) await tx.users.releaseUnverifiedEmail(user.email, now);
      }
      await tx.users.insert(user);
      // The contact's code is what proved the person (the password is new); its channel is not on the proof.
      const opened = await sessions.start(tx, user, c.get('meta'), body.save, ['otp']);
      const details = { contact_type: proof.contactType, with_email: user.email !== null };
      await recordEvent(tx, {
        type: 'registered',
        userId: user.id,
        sessionId: opened.session.id,
        meta: c.get('meta'),
        at: now,
        details,
      });
      return { account: user, started: opened };
    });
    return c.json(tokenResponse(account, started, await sessions.accessToken(started.session)), 201);
  });
  return app;
}
