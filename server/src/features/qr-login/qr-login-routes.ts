/**
 * Sign-in by QR (issue 39, docs/api.md "Sign-in by QR", contract/qr-login.ts): the browser's request
 * and its events, the phone's view, approval and refusal, over services/qr-login.ts.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { QR_SECRET_HEADER, type QrLoginApproval } from '../../contract/qr-login.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { bindDevice } from '../../middleware/device-key.js';
import { requireAuth } from '../../middleware/require-auth.js';
import type { QrLoginService } from '../../services/qr-login.js';
import { eventStream, longPoll } from './qr-event-stream.js';

const approvalSchema = requestSchema<QrLoginApproval>()(
  v.strictObject({
    number: v.pipe(v.string('invalid_value'), v.regex(/^\d{2}$/, 'invalid_value')),
    save: v.optional(v.boolean('invalid_value')),
    proof: v.optional(v.pipe(v.string('proof_required'), v.maxLength(256, 'proof_required'))),
  }),
);

export function qrLoginRoutes({ config, storage, sessions, qr }: RouteDeps & { qr: QrLoginService }) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  // The browser is bound to a new device secret now, while its answer can still set a cookie (an event
  // stream cannot): the session its approval makes records that device (middleware/device-key.ts). Nobody
  // is signed in yet, so no `Set-Login: logged-in`.
  app.post('/login-requests/', bindDevice({ product: config.product, storage, offered: () => false }), async (c) =>
    c.json(await qr.create(c.get('meta')), 201),
  );

  app.get('/login-requests/:id/events', async (c) => {
    const id = c.req.param('id');
    await qr.authorize(id, c.req.header(QR_SECRET_HEADER));
    const meta = c.get('meta');
    const streamed = c.req.query('wait') !== 'long' && (c.req.header('accept') ?? '').includes('text/event-stream');
    if (streamed) return eventStream(qr, id, meta);
    const after = c.req.query('after') === 'scanned' ? 'scanned' : 'pending';
    return c.json(await longPoll(qr, id, meta, after, c.req.raw.signal));
  });

  app.get('/login-requests/:id/', auth, async (c) => c.json(await qr.details(c.req.param('id'), c.get('auth'))));

  app.post('/login-requests/:id/approve/', auth, async (c) => {
    const body = await readJsonBody(c, approvalSchema);
    await qr.approve(c.req.param('id'), c.get('auth'), body, c.get('meta'));
    return c.body(null, 204);
  });

  app.post('/login-requests/:id/deny/', auth, async (c) => {
    await qr.deny(c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
