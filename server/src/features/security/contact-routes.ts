/**
 * The account's phone numbers and e-mail addresses: POST /user/change-phone/,
 * POST /user/change-email/, POST and DELETE /user/secondary/ and POST /user/secondary/make-primary/.
 * Each new contact comes with a request id of a code sent to it while signed in (services/signed-in-codes.ts);
 * replacing a primary one, adding or replacing a backup one, and swapping them also need a step-up proof
 * (services/step-up.ts), because whoever holds any of them can reset the password (services/find-account.ts). The proof, the request id, the change and its log line commit
 * together: a refused change leaves both usable.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ContactChangeRequest, MakePrimaryRequest, SecondaryContactRequest } from '../../contract/contacts.js';
import { badRequest } from '../../lib/api-error.js';
import { maskContact, type Contact, type ContactType } from '../../lib/contacts.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import {
  assertContactFree,
  assertNotOwnUnverifiedEmail,
  contactOf,
  redeemOwnRequest,
} from '../../services/account-contacts.js';
import { recordEvent, type AuditEventType } from '../../services/audit-log.js';
import { profileOf } from '../../services/profile-view.js';
import type { Purpose } from '../../services/purposes.js';
import { consumeStepUpProof } from '../../services/step-up.js';
import type { ContactChanges } from '../../storage/storage.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

const requestIdField = v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error'));
const proofField = v.optional(v.pipe(v.string('proof_required'), v.maxLength(256, 'proof_required')));
const typeField = v.picklist(['phone', 'email'], 'invalid_value');

const changeSchema = requestSchema<ContactChangeRequest>()(
  v.strictObject({ proof: proofField, request_id: requestIdField }),
);
const addSecondarySchema = requestSchema<SecondaryContactRequest>()(
  v.strictObject({ proof: proofField, request_id: requestIdField }),
);
const removeSecondaryQuery = v.strictObject({ type: typeField });
const makePrimarySchema = requestSchema<MakePrimaryRequest>()(v.strictObject({ type: typeField, proof: proofField }));

const masked = (type: ContactType, value: string | null) => (value === null ? null : maskContact({ type, value }));

export function contactRoutes({ storage, clock, otp, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  /**
   * Runs `change` on the caller's account as it is inside the transaction (not as the token found
   * it), logs what it returns, and answers with the new profile.
   */
  async function changeContacts(
    c: Context<AppEnv>,
    change: (
      tx: Storage,
      user: User,
      now: number,
    ) => Promise<{
      type: AuditEventType;
      changes: ContactChanges;
      details: Record<string, string | boolean | null>;
    } | null>,
  ) {
    const caller = c.get('auth');
    const now = clock.now();
    await storage.transaction(async (tx) => {
      const user = (await tx.users.findById(caller.user.id)) ?? caller.user;
      const outcome = await change(tx, user, now);
      if (!outcome) return;
      await tx.contacts.update(user.id, outcome.changes, now);
      await recordEvent(tx, {
        type: outcome.type,
        userId: user.id,
        sessionId: caller.session.id,
        meta: c.get('meta'),
        at: now,
        details: outcome.details,
      });
    });
    const user = await storage.users.findById(caller.user.id);
    return c.json(profileOf(user ?? caller.user));
  }

  /** The new contact a request id of `purpose`, issued to this account, verified — free to take. */
  async function verifiedNewContact(
    tx: Storage,
    user: User,
    requestId: string,
    purpose: Purpose,
    type?: ContactType,
  ): Promise<Contact> {
    const contact = contactOf(await redeemOwnRequest(tx, otp, requestId, [purpose], user));
    if (type !== undefined && contact.type !== type) throw badRequest('request_id_error', 'request_id');
    await assertContactFree(tx, user, contact);
    if (purpose === 'confirm_secondary_email_or_phone') assertNotOwnUnverifiedEmail(user, contact);
    // A proven address outranks anyone's unproven claim to it (as at registration).
    if (contact.type === 'email') await tx.users.releaseUnverifiedEmail(contact.value, clock.now());
    return contact;
  }

  app.post('/change-phone/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, changeSchema);
    return changeContacts(c, async (tx, user, now) => {
      await consumeStepUpProof(tx, body.proof, c.get('auth'), now);
      const phone = await verifiedNewContact(tx, user, body.request_id, 'change_phone_verification', 'phone');
      return {
        type: 'phone_changed',
        changes: { phone: phone.value },
        details: { from: masked('phone', user.phone), to: maskContact(phone) },
      };
    });
  });

  app.post('/change-email/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, changeSchema);
    return changeContacts(c, async (tx, user, now) => {
      await consumeStepUpProof(tx, body.proof, c.get('auth'), now);
      const email = await verifiedNewContact(tx, user, body.request_id, 'email_verification', 'email');
      return {
        type: 'email_changed',
        changes: { email: email.value, emailVerified: true },
        details: { from: masked('email', user.email), to: maskContact(email) },
      };
    });
  });

  app.post('/secondary/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, addSecondarySchema);
    return changeContacts(c, async (tx, user, now) => {
      // A backup contact can reset the password (services/find-account.ts): adding one is a change of
      // authenticator like the main ones, so it takes a fresh proof too.
      await consumeStepUpProof(tx, body.proof, c.get('auth'), now);
      const contact = await verifiedNewContact(tx, user, body.request_id, 'confirm_secondary_email_or_phone');
      const previous = contact.type === 'phone' ? user.secondaryPhone : user.secondaryEmail;
      return {
        type: 'secondary_added',
        changes: contact.type === 'phone' ? { secondaryPhone: contact.value } : { secondaryEmail: contact.value },
        details: {
          contact_type: contact.type,
          contact: maskContact(contact),
          replaced: masked(contact.type, previous),
        },
      };
    });
  });

  // Idempotent: removing a secondary contact that is not there leaves the account as it is.
  app.delete('/secondary/', auth, requireActive, async (c) => {
    const { type } = parseWith(removeSecondaryQuery, c.req.query());
    return changeContacts(c, async (_tx, user) => {
      const current = type === 'phone' ? user.secondaryPhone : user.secondaryEmail;
      if (current === null) return null;
      return {
        type: 'secondary_removed',
        changes: type === 'phone' ? { secondaryPhone: null } : { secondaryEmail: null },
        details: { contact_type: type, contact: masked(type, current) },
      };
    });
  });

  app.post('/secondary/make-primary/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, makePrimarySchema);
    return changeContacts(c, async (tx, user, now) => {
      await consumeStepUpProof(tx, body.proof, c.get('auth'), now);
      const details = { contact_type: body.type };
      if (body.type === 'phone') {
        if (user.secondaryPhone === null) throw badRequest('secondary_not_found', 'type');
        return {
          type: 'secondary_made_primary',
          changes: { phone: user.secondaryPhone, secondaryPhone: user.phone },
          details: { ...details, contact: masked('phone', user.secondaryPhone) },
        };
      }
      if (user.secondaryEmail === null) throw badRequest('secondary_not_found', 'type');
      await tx.users.releaseUnverifiedEmail(user.secondaryEmail, now);
      // An unverified primary e-mail was never proven: it is dropped rather than kept as a proven secondary.
      return {
        type: 'secondary_made_primary',
        changes: {
          email: user.secondaryEmail,
          emailVerified: true,
          secondaryEmail: user.emailVerified ? user.email : null,
        },
        details: { ...details, contact: masked('email', user.secondaryEmail) },
      };
    });
  });

  return app;
}
