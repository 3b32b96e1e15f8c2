/**
 * Support's side of complaints (docs/api.md, The operator API), under /common/api/v1/operator behind
 * requireOperator (app.ts): the list by status, one complaint by its number, taking it in hand (status
 * `in_progress`), an answer (status `answered`, the person told by SMS or e-mail) and closing.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  COMPLAINT_TEXT_MAX_LENGTH,
  type ComplaintAnswer,
  type OperatorComplaintList,
} from '../../contract/complaints.js';
import { COMPLAINTS_MAX_PAGE_SIZE } from '../../config/policy.js';
import { ApiError } from '../../lib/api-error.js';
import { orderedId } from '../../lib/ordered-id.js';
import { pageEntries } from '../../lib/page-query.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import type { Sender } from '../../senders/sender.js';
import { COMPLAINT_STATUSES } from '../../storage/complaint-storage.js';
import { sendAnswerNotice } from './answer-notice.js';
import { operatorComplaint } from './complaint-view.js';

const listQuery = v.strictObject({
  status: v.optional(v.picklist(COMPLAINT_STATUSES, 'invalid_value')),
  ...pageEntries(COMPLAINTS_MAX_PAGE_SIZE),
});

const answerSchema = requestSchema<ComplaintAnswer>()(
  v.strictObject({
    text: v.pipe(
      v.string('field_required'),
      v.transform((value: string) => value.trim()),
      v.minLength(1, 'field_required'),
      v.maxLength(COMPLAINT_TEXT_MAX_LENGTH, 'field_too_long'),
    ),
  }),
);

export interface OperatorComplaintDeps extends Pick<RouteDeps, 'storage' | 'clock'> {
  sender: Sender;
  log: (message: string, error?: unknown) => void;
}

export function operatorComplaintRoutes({ storage, clock, sender, log }: OperatorComplaintDeps) {
  const app = new Hono<AppEnv>();

  async function byNumber(c: Context<AppEnv>) {
    const raw = c.req.param('number') ?? '';
    const complaint = /^\d{1,12}$/.test(raw) ? await storage.complaints.findByNumber(Number(raw)) : undefined;
    if (!complaint) throw new ApiError(404, [{ error: 'not_found' }]);
    return complaint;
  }

  app.get('/complaints/', async (c) => {
    const { status, page, page_size: pageSize } = parseWith(listQuery, c.req.query());
    const complaints = await storage.complaints.list(status ?? null, (page - 1) * pageSize, pageSize);
    const results = await Promise.all(complaints.map((complaint) => operatorComplaint(storage, complaint)));
    return c.json({ results } satisfies OperatorComplaintList);
  });

  app.get('/complaints/:number/', async (c) => c.json(await operatorComplaint(storage, await byNumber(c))));

  app.post('/complaints/:number/answer/', async (c) => {
    const { text } = await readJsonBody(c, answerSchema);
    const complaint = await byNumber(c);
    const now = clock.now();
    const message = {
      id: orderedId(now),
      complaintId: complaint.id,
      author: 'operator' as const,
      text,
      createdAt: clock.now(),
    };
    if (!(await storage.complaints.addMessage(message, 'answered')))
      throw new ApiError(409, [{ error: 'complaint_closed' }]);
    const answered = (await storage.complaints.find(complaint.id)) ?? complaint;
    // The answer is kept whatever the sender does; the operator sees whether the person was told.
    let notified = true;
    try {
      await sendAnswerNotice(sender, answered, text);
    } catch (error) {
      notified = false;
      log('A complaint answer notice could not be sent', error);
    }
    return c.json({ ...(await operatorComplaint(storage, answered)), notified });
  });

  // Support says it has the complaint in hand: the person's table shows "in progress" until the answer.
  app.post('/complaints/:number/take/', async (c) => {
    const complaint = await byNumber(c);
    if (!(await storage.complaints.take(complaint.id, clock.now()))) {
      const error = complaint.status === 'closed' ? 'complaint_closed' : 'complaint_not_new';
      throw new ApiError(409, [{ error }]);
    }
    const taken = (await storage.complaints.find(complaint.id)) ?? complaint;
    return c.json(await operatorComplaint(storage, taken));
  });

  app.post('/complaints/:number/close/', async (c) => {
    const complaint = await byNumber(c);
    if (!(await storage.complaints.close(complaint.id, clock.now())))
      throw new ApiError(409, [{ error: 'complaint_closed' }]);
    const closed = (await storage.complaints.find(complaint.id)) ?? complaint;
    return c.json(await operatorComplaint(storage, closed));
  });

  return app;
}
