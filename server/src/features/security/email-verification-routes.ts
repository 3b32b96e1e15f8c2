/**
 * POST /user/verify-email/: the account's own main e-mail, stored unproven (at sign-up, or before
 * e-mails were verified), proven by an `email_verification` code sent to it while signed in. Only a
 * proven e-mail signs in and restores a password (services/find-account.ts).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { EmailVerifyRequest } from '../../contract/contacts.js';
import { badRequest } from '../../lib/api-error.js';
import { maskContact } from '../../lib/contacts.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { contactOf, redeemOwnRequest, takenKey } from '../../services/account-contacts.js';
import { recordEvent } from '../../services/audit-log.js';
import { profileOf } from '../../services/profile-view.js';

const verifySchema = requestSchema<EmailVerifyRequest>()(
  v.strictObject({ request_id: v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error')) }),
);

export function emailVerificationRoutes({ storage, clock, otp, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.post('/verify-email/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, verifySchema);
    const caller = c.get('auth');
    const now = clock.now();
    await storage.transaction(async (tx) => {
      const user = (await tx.users.findById(caller.user.id)) ?? caller.user;
      const contact = contactOf(await redeemOwnRequest(tx, otp, body.request_id, ['email_verification'], user));
      // The code proves the address it went to: it must still be this account's unproven main e-mail.
      if (contact.type !== 'email' || user.email !== contact.value || user.emailVerified)
        throw badRequest('request_id_error', 'request_id');
      const owner = await tx.contacts.ownerOfEmail(contact.value);
      if (owner && owner.id !== user.id) throw badRequest(takenKey(contact), 'email');
      // A proven address outranks every unproven claim to it, this account's included: set again below.
      await tx.users.releaseUnverifiedEmail(contact.value, now);
      await tx.contacts.update(user.id, { email: contact.value, emailVerified: true }, now);
      await recordEvent(tx, {
        type: 'email_verified',
        userId: user.id,
        sessionId: caller.session.id,
        meta: c.get('meta'),
        at: now,
        details: { email: maskContact(contact) },
      });
    });
    const user = await storage.users.findById(caller.user.id);
    return c.json(profileOf(user ?? caller.user));
  });

  return app;
}
