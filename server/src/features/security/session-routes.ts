/**
 * GET /user/sessions/, DELETE /user/sessions/{id}/ and POST /user/sessions/end-others/: where the
 * account is signed in to Kirish, and signing any of those out. Only the SPA's own sign-ins (kind
 * `sso`); the apps let in are GET /user/grants/. Ending a session ends its refresh-token family, and
 * since every request checks the session row, its access token stops working at once too.
 *
 * Ending every other sign-in at once needs a step-up proof (services/step-up.ts): OWASP ASVS 5.0 §7.5.2 asks
 * for a fresh authentication before sessions are terminated in bulk, so a stolen access token alone
 * cannot sign the owner out of every other device.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ActiveSession, EndOtherSessionsRequest, SessionsEnded } from '../../contract/sessions.js';
import { ApiError } from '../../lib/api-error.js';
import { parseUserAgent } from '../../lib/user-agent.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { recordEvent } from '../../services/audit-log.js';
import { consumeStepUpProof } from '../../services/step-up.js';
import type { Session } from '../../storage/records.js';

// Optional in the schema so that a missing proof is `proof_required`, like a wrong one.
const endOthersSchema = requestSchema<EndOtherSessionsRequest>()(
  v.strictObject({ proof: v.optional(v.pipe(v.string('proof_required'), v.maxLength(256, 'proof_required'))) }),
);

function sessionView(session: Session, currentId: string, method: string | null): ActiveSession {
  return {
    id: session.id,
    ...parseUserAgent(session.userAgent),
    ip: session.ip,
    // The product the sign-in came through (docs/product.md §7 headers `{product}-Source`, then `source`).
    source: session.productSource ?? session.source,
    partner_origin: session.partnerOrigin,
    method,
    created_at: new Date(session.createdAt).toISOString(),
    // Sign-in or the last token refresh: access tokens are not tracked one by one.
    last_active_at: new Date(session.lastSeenAt).toISOString(),
    current: session.id === currentId,
  };
}

/** What the log keeps of an ended sign-in, so that a later reader knows which one it was. */
const deviceDetails = (session: Session) => {
  const { device, browser, os } = parseUserAgent(session.userAgent);
  return { session_id: session.id, device, browser, os, ip: session.ip };
};

export function sessionRoutes({ storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.get('/sessions/', auth, requireActive, async (c) => {
    const { user, session: current } = c.get('auth');
    const open = await storage.openSessions.list(user.id, 'sso', clock.now());
    const ordered = [...open.filter((s) => s.id === current.id), ...open.filter((s) => s.id !== current.id)];
    const methods = await storage.auditLog.signInMethods(
      user.id,
      ordered.map((session) => session.id),
    );
    return c.json(ordered.map((session) => sessionView(session, current.id, methods.get(session.id) ?? null)));
  });

  app.delete('/sessions/:id/', auth, requireActive, async (c) => {
    const { user, session: current } = c.get('auth');
    const id = c.req.param('id');
    const now = clock.now();
    await storage.transaction(async (tx) => {
      const target = await tx.sessions.findById(id);
      // Another account's session is as unknown as one that never was: nothing tells them apart.
      if (
        !target ||
        target.userId !== user.id ||
        target.kind !== 'sso' ||
        !(await tx.sessions.end(id, now, 'ended_by_user'))
      ) {
        throw new ApiError(404, [{ error: 'not_found' }]);
      }
      await recordEvent(tx, {
        type: 'session_ended',
        userId: user.id,
        sessionId: current.id,
        meta: c.get('meta'),
        at: now,
        details: { ...deviceDetails(target), current: target.id === current.id },
      });
    });
    return c.body(null, 204);
  });

  app.post('/sessions/end-others/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, endOthersSchema);
    const caller = c.get('auth');
    const { user, session: current } = caller;
    const now = clock.now();
    const ended = await storage.transaction(async (tx) => {
      // Used up with the change: a failure later rolls it back and leaves the proof usable.
      await consumeStepUpProof(tx, body.proof, caller, now);
      const count = await tx.openSessions.endOthers(user.id, current.id, ['sso'], now, 'ended_by_user');
      await recordEvent(tx, {
        type: 'sessions_ended_others',
        userId: user.id,
        sessionId: current.id,
        meta: c.get('meta'),
        at: now,
        details: { ended: count },
      });
      return count;
    });
    return c.json({ ended } satisfies SessionsEnded);
  });

  return app;
}
