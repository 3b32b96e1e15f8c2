/**
 * The person's side of complaints (issue 38, docs/api.md, Complaints), under /common/api/v1/help:
 * filing one (signed in, the account's own contact; signed out, a contact proven by a `complaint`
 * code), the account's list and threads, and an attachment, served to its owner only.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ComplaintFiled, ComplaintPage } from '../../contract/complaints.js';
import { COMPLAINT_WINDOW_SECONDS, COMPLAINTS_MAX_PAGE_SIZE, COMPLAINTS_PER_WINDOW } from '../../config/policy.js';
import { ApiError, badRequest, tooManyRequests } from '../../lib/api-error.js';
import type { Contact } from '../../lib/contacts.js';
import { orderedId } from '../../lib/ordered-id.js';
import { randomId } from '../../lib/secrets.js';
import { pageQuery as pageQueryOf } from '../../lib/page-query.js';
import { parseWith } from '../../lib/validation.js';
import { bearerToken, requireAuth } from '../../middleware/require-auth.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import type { Authenticated } from '../../services/session-service.js';
import type { User } from '../../storage/records.js';
import { COMPLAINT_BODY_MAX_BYTES, readComplaintForm } from './complaint-form.js';
import { complaintSummary, complaintThread } from './complaint-view.js';

const pageQuery = pageQueryOf(COMPLAINTS_MAX_PAGE_SIZE);

/** Where a signed-in person's answer goes: the phone, else the verified e-mail. */
function ownContact(user: User): Contact | null {
  if (user.phone) return { type: 'phone', value: user.phone };
  if (user.email && user.emailVerified) return { type: 'email', value: user.email };
  return null;
}

export function complaintRoutes({ storage, clock, sessions, otp }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);
  const limiter = createRateLimiter(storage, clock, {
    scope: 'complaints',
    limit: COMPLAINTS_PER_WINDOW,
    windowSeconds: COMPLAINT_WINDOW_SECONDS,
  });
  const limitBody = bodyLimit({
    maxSize: COMPLAINT_BODY_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, [{ error: 'payload_too_large' }]);
    },
  });

  /** Signed in when a token is sent (a wrong one is the 401 the SPA refreshes on), else signed out. */
  async function caller(c: Context<AppEnv>): Promise<Authenticated | null> {
    const token = bearerToken(c.req.header('authorization'));
    return token ? sessions.authenticate(token) : null;
  }

  app.post('/complaints/', limitBody, async (c) => {
    const signedIn = await caller(c);
    if (signedIn?.user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
    const { fields, attachments } = await readComplaintForm(c);
    // Per account when signed in, per client address when not: no channel for anonymous spam. Counted
    // once the form is whole, so that a form refused for a wrong field does not use up the person's turns.
    const retryAfter = await limiter.hit(signedIn ? `user:${signedIn.user.id}` : `ip:${c.get('meta').ip}`);
    if (retryAfter > 0) throw tooManyRequests('too_many_complaints', retryAfter);
    if (signedIn && fields.request_id !== undefined) throw badRequest('unknown_field', 'request_id');
    if (!signedIn && fields.request_id === undefined) throw badRequest('field_required', 'request_id');
    const id = randomId();
    const now = clock.now();
    const number = await storage.transaction(async (tx) => {
      let contact: Contact | null;
      let userId: string | null;
      if (signedIn) {
        contact = ownContact(signedIn.user);
        userId = signedIn.user.id;
      } else {
        const proof = await otp.redeemProof(tx, fields.request_id ?? '', ['complaint']);
        contact = { type: proof.contactType, value: proof.contact };
        // A proven contact of an account files for that account: it then shows in its My complaints.
        const owner =
          contact.type === 'phone'
            ? await tx.contacts.ownerOfPhone(contact.value)
            : await tx.contacts.ownerOfEmail(contact.value);
        userId = owner?.id ?? null;
      }
      if (!contact) throw badRequest('field_required', 'contact');
      return tx.complaints.insert(
        {
          id,
          userId,
          contactType: contact.type,
          contact: contact.value,
          locale: c.get('meta').locale,
          category: fields.category,
          subject: fields.subject,
          createdAt: now,
        },
        { id: orderedId(now), text: fields.text },
        attachments.map((attachment) => ({
          id: orderedId(now),
          complaintId: id,
          name: attachment.name,
          mediaType: attachment.mediaType,
          size: attachment.data.length,
          data: attachment.data,
        })),
      );
    });
    return c.json({ id, number } satisfies ComplaintFiled, 201);
  });

  app.get('/complaints/', auth, async (c) => {
    const { page, page_size: pageSize } = parseWith(pageQuery, c.req.query());
    const { user } = c.get('auth');
    const [count, complaints] = await Promise.all([
      storage.complaints.countOfUser(user.id),
      storage.complaints.listOfUser(user.id, (page - 1) * pageSize, pageSize),
    ]);
    return c.json({ count, results: complaints.map(complaintSummary) } satisfies ComplaintPage);
  });

  /** The account's own complaint, or the 404 of one that does not exist: another's is not told apart. */
  async function ownComplaint(c: Context<AppEnv>) {
    const complaint = await storage.complaints.find(c.req.param('id') ?? '');
    if (!complaint || complaint.userId !== c.get('auth').user.id) throw new ApiError(404, [{ error: 'not_found' }]);
    return complaint;
  }

  app.get('/complaints/:id/', auth, async (c) => c.json(await complaintThread(storage, await ownComplaint(c))));

  app.get('/complaints/:id/attachments/:attachment', auth, async (c) => {
    const complaint = await ownComplaint(c);
    const attachment = await storage.complaints.attachmentData(complaint.id, c.req.param('attachment'));
    if (!attachment) throw new ApiError(404, [{ error: 'not_found' }]);
    return c.body(new Uint8Array(attachment.data), 200, {
      'Content-Type': attachment.mediaType,
      // Downloaded, never shown as a page of this origin; and if opened, in a sandbox with nothing allowed.
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}
