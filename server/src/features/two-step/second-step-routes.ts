/**
 * POST /login/second-step/ (issue 41): the second step of a password or code sign-in of an account
 * with two-step verification on. The half-done sign-in (services/second-steps.ts) lives a few minutes,
 * is bound to the browser that began it (middleware/sign-in-binding.ts) and allows as many wrong
 * codes as a one-time code does; then the sign-in goes on as any other (the device cookies, the log
 * line with both methods, the token response). A recovery code used is written to the log and told
 * to the account's contacts (two-step-notice.ts).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { SECOND_STEP_MAX_ATTEMPTS } from '../../config/policy.js';
import type { SecondStepRequest, SecondStepResponse } from '../../contract/two-step.js';
import { badRequest } from '../../lib/api-error.js';
import { sha256 } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { bindDevice } from '../../middleware/device-key.js';
import { signInBindingOf } from '../../middleware/sign-in-binding.js';
import { withSecondStep } from '../../services/amr.js';
import { recordEvent, recordFailure } from '../../services/audit-log.js';
import { startSignIn } from '../../services/sign-in.js';
import { tokenResponse } from '../../services/token-response.js';
import { passSecondStep } from '../../services/two-step.js';
import { sendTwoStepNotice, type NoticeDeps } from './two-step-notice.js';

const secondStepSchema = requestSchema<Extract<SecondStepRequest, { code: string }>>()(
  v.strictObject({
    id: v.pipe(v.string('second_step_not_valid'), v.maxLength(256, 'second_step_not_valid')),
    method: v.picklist(['totp', 'recovery'], 'invalid_value'),
    code: v.pipe(v.string('code_not_valid'), v.maxLength(32, 'code_not_valid')),
  }),
);

export function secondStepRoutes(deps: RouteDeps & NoticeDeps) {
  const { config, storage, clock, sessions, secretCipher } = deps;
  const app = new Hono<AppEnv>();

  app.post('/second-step/', bindDevice({ product: config.product, storage }), async (c) => {
    const body = await readJsonBody(c, secondStepSchema);
    const meta = c.get('meta');
    const now = clock.now();
    const binding = signInBindingOf(c, config.product);
    const pending = binding === null ? undefined : await storage.secondSteps.find(sha256(body.id), binding, now);
    if (!pending) throw badRequest('second_step_not_valid');
    if (!(await storage.secondSteps.takeAttempt(pending.id, SECOND_STEP_MAX_ATTEMPTS))) {
      throw badRequest('code_attempts_exceeded');
    }
    if (!(await passSecondStep(storage, secretCipher, pending.userId, body.method, body.code, now))) {
      const entry = { userId: pending.userId, sessionId: null, meta, at: now };
      await recordFailure(storage, { ...entry, type: 'code_failed', details: { where: 'second_step' } });
      throw badRequest('code_not_valid', 'code');
    }
    const user = await storage.users.findById(pending.userId);
    if (!user) throw badRequest('second_step_not_valid');
    const started = await storage.transaction(async (tx) => {
      if (!(await tx.secondSteps.markUsed(pending.id, now))) throw badRequest('second_step_not_valid');
      if (body.method === 'recovery') {
        await recordEvent(tx, { type: 'recovery_code_used', userId: user.id, sessionId: null, meta, at: now });
      }
      return startSignIn(tx, sessions, {
        user,
        meta,
        save: pending.save,
        method: pending.firstMethod,
        second: body.method,
        at: now,
        amr: withSecondStep(pending.firstAmr),
      });
    });
    if (body.method === 'recovery') await sendTwoStepNotice(deps, user, 'recovery_code_used', meta.locale);
    return c.json(
      tokenResponse(user, started, await sessions.accessToken(started.session)) satisfies SecondStepResponse,
    );
  });

  return app;
}
