/**
 * POST /user/security/proof/: a fresh step-up proof (services/step-up.ts) for the password, or for a
 * request id of a `confirm_email_or_phone` code sent, while signed in, to the account's own phone or
 * e-mail. A wrong password counts against the account like a failed sign-in, so a stolen session
 * cannot be used to guess it at leisure.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ProofIssued, ProofRequest } from '../../contract/step-up.js';
import { STEP_UP_PROOF_TTL_SECONDS } from '../../config/policy.js';
import { badRequest } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { contactOf, isOwnPrimary, redeemOwnRequest } from '../../services/account-contacts.js';
import { issueStepUpProof } from '../../services/step-up.js';
import { assertPassword } from './password-check.js';

const proofSchema = requestSchema<ProofRequest>()(
  v.strictObject({
    password: v.optional(v.pipe(v.string('invalid_value'), v.maxLength(1024, 'invalid_old_password'))),
    request_id: v.optional(v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error'))),
  }),
);

export function proofRoutes({ storage, clock, otp, sessions, throttle }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.post('/security/proof/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, proofSchema);
    const auth = c.get('auth');
    const { user } = auth;
    if ((body.password === undefined) === (body.request_id === undefined)) {
      throw badRequest(body.password === undefined ? 'field_required' : 'invalid_value', 'password');
    }
    if (body.password !== undefined) {
      const from = { meta: c.get('meta'), sessionId: auth.session.id };
      await assertPassword({ throttle, storage, now: () => clock.now() }, user, body.password, from, 'password');
    }

    const proof = await storage.transaction(async (tx) => {
      const now = clock.now();
      if (body.request_id !== undefined) {
        const verification = await redeemOwnRequest(tx, otp, body.request_id, ['confirm_email_or_phone'], user);
        // Bound to this account when sent; still its own primary contact now?
        if (!isOwnPrimary(user, contactOf(verification))) throw badRequest('request_id_error', 'request_id');
      }
      return issueStepUpProof(tx, auth, now);
    });
    return c.json({ proof, expires_in: STEP_UP_PROOF_TTL_SECONDS } satisfies ProofIssued);
  });

  return app;
}
