/**
 * POST /common/api/v1/operator/validation/{user_uuid}/ (docs/api.md, The operator API): support's
 * decision on an account's identity validation, `verified` or `failed` with a reason, written to the
 * account's security log and shown on its profile (`verification_status`).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { VALIDATION_REASON_MAX_LENGTH, type ValidationDecision } from '../../contract/validation.js';
import { ApiError } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { recordEvent } from '../../services/audit-log.js';
import { newValidationReference, validationState } from './validation-routes.js';

const decisionSchema = requestSchema<ValidationDecision>()(
  v.strictObject({
    status: v.picklist(['verified', 'failed'], 'invalid_value'),
    reason: v.optional(
      v.pipe(
        v.string('invalid_value'),
        v.transform((value: string) => value.trim()),
        v.maxLength(VALIDATION_REASON_MAX_LENGTH, 'field_too_long'),
      ),
    ),
  }),
);

export function operatorValidationRoutes({ storage, clock }: Pick<RouteDeps, 'storage' | 'clock'>) {
  const app = new Hono<AppEnv>();

  app.post('/validation/:user_uuid/', async (c) => {
    const { status, reason } = await readJsonBody(c, decisionSchema);
    const userId = c.req.param('user_uuid');
    const now = clock.now();
    const kept = status === 'failed' && reason ? reason : null;
    const decided = await storage.transaction(async (tx) => {
      if (!(await tx.validations.decide(userId, { status, reason: kept, reference: newValidationReference() }, now)))
        return false;
      await recordEvent(tx, {
        type: status === 'verified' ? 'validation_verified' : 'validation_failed',
        userId,
        sessionId: null,
        meta: c.get('meta'),
        at: now,
        details: kept === null ? {} : { reason: kept },
      });
      return true;
    });
    const user = decided ? await storage.users.findById(userId) : undefined;
    if (!user) throw new ApiError(404, [{ error: 'not_found' }]);
    return c.json(await validationState(storage, user));
  });

  return app;
}
