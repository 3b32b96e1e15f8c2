/**
 * GET and POST /user/validation/ (issue 38, docs/api.md, Identity validation): the account's
 * verification status with its reference, reason and expected answer; and asking for a validation,
 * which puts the account in moderation with a new reference and writes it to the security log.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ValidationState } from '../../contract/validation.js';
import { VALIDATION_ANSWER_EXPECTED_HOURS } from '../../config/policy.js';
import { ApiError } from '../../lib/api-error.js';
import { randomDigits } from '../../lib/secrets.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { recordEvent } from '../../services/audit-log.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

const HOUR_MS = 60 * 60 * 1000;

/** A reference support can read over the phone: `V-` and ten digits. */
export const newValidationReference = () => `V-${randomDigits(10)}`;

export async function validationState(storage: Storage, user: User): Promise<ValidationState> {
  const row = await storage.validations.find(user.id);
  const status = user.verificationStatus;
  return {
    status,
    reference: row?.reference ?? null,
    reason: status === 'failed' ? (row?.reason ?? null) : null,
    updated_at: row ? new Date(row.updatedAt).toISOString() : null,
    answer_expected_by:
      status === 'in_moderation' && row
        ? new Date(row.startedAt + VALIDATION_ANSWER_EXPECTED_HOURS * HOUR_MS).toISOString()
        : null,
  };
}

export function validationRoutes({ storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.get('/validation/', auth, async (c) => c.json(await validationState(storage, c.get('auth').user)));

  app.post('/validation/', auth, requireActive, async (c) => {
    const { user, session } = c.get('auth');
    const reference = newValidationReference();
    const now = clock.now();
    const started = await storage.transaction(async (tx) => {
      if (!(await tx.validations.start(user.id, reference, now))) return false;
      await recordEvent(tx, {
        type: 'validation_started',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: { reference },
      });
      return true;
    });
    const current = (await storage.users.findById(user.id)) ?? user;
    if (!started)
      throw new ApiError(409, [
        {
          error:
            current.verificationStatus === 'verified'
              ? 'validation_already_verified'
              : 'validation_already_in_moderation',
        },
      ]);
    return c.json(await validationState(storage, current), 201);
  });

  return app;
}
