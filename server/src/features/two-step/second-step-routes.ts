/**
 * POST /login/second-step/ (issue 41): the second step of a password or code sign-in of an account
 * with two-step verification on. The half-done sign-in (services/second-steps.ts) lives a few minutes,
 * is bound to the browser that began it (middleware/sign-in-binding.ts) and allows as many wrong
 * codes as a one-time code does; then the sign-in goes on as any other (the device cookies, the log
 * line with both methods, the token response). A recovery code used is written to the log and told
 * to the account's contacts (two-step-notice.ts). A passkey of the account is a second step too
 * (issue 41): POST /login/second-step/passkey/options/ lists the account's own, and the answer is
 * checked as a passkey sign-in's (services/passkey-assertion.ts), its counter kept; attempts count alike.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { SECOND_STEP_MAX_ATTEMPTS, WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../config/policy.js';
import type { WebauthnOptionsJSON } from '../../contract/passkeys.js';
import type {
  SecondStepPasskeyOptionsRequest,
  SecondStepRequest,
  SecondStepResponse,
} from '../../contract/two-step.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { sha256 } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { authenticationOptions, relyingPartyOf } from '../../lib/webauthn.js';
import { bindDevice } from '../../middleware/device-key.js';
import { signInBindingOf } from '../../middleware/sign-in-binding.js';
import { withSecondStep } from '../../services/amr.js';
import { recordEvent, recordFailure } from '../../services/audit-log.js';
import { checkAssertion } from '../../services/passkey-assertion.js';
import { secondStepMethods } from '../../services/second-steps.js';
import { startSignIn } from '../../services/sign-in.js';
import { tokenResponse } from '../../services/token-response.js';
import { passSecondStep } from '../../services/two-step.js';
import { credentialSchema } from '../../services/passkey-credential-schema.js';
import { sendTwoStepNotice, type NoticeDeps } from './two-step-notice.js';

const stepId = v.pipe(v.string('second_step_not_valid'), v.maxLength(256, 'second_step_not_valid'));

const secondStepSchema = requestSchema<SecondStepRequest>()(
  v.variant(
    'method',
    [
      v.strictObject({
        id: stepId,
        method: v.picklist(['totp', 'recovery'], 'invalid_value'),
        code: v.pipe(v.string('code_not_valid'), v.maxLength(32, 'code_not_valid')),
      }),
      v.strictObject({ id: stepId, method: v.literal('passkey', 'invalid_value'), credential: credentialSchema }),
    ],
    'invalid_value',
  ),
);

/** A refused passkey counts as a wrong code does (logged below); anything else stays an error. */
const refusedAsUndefined = (error: unknown): undefined => {
  if (error instanceof ApiError) return undefined;
  throw error;
};

const passkeyOptionsSchema = requestSchema<SecondStepPasskeyOptionsRequest>()(v.strictObject({ id: stepId }));

export function secondStepRoutes(deps: RouteDeps & NoticeDeps) {
  const { config, storage, clock, sessions, secretCipher } = deps;
  const app = new Hono<AppEnv>();
  const rp = relyingPartyOf(config.publicUrl, 'Kirish');

  /** The browser's unused, unexpired half-done sign-in of that token; refused otherwise. */
  async function pendingOf(c: Context<AppEnv>, id: string, now: number) {
    const binding = signInBindingOf(c, config.product);
    const pending = binding === null ? undefined : await storage.secondSteps.find(sha256(id), binding, now);
    if (!pending) throw badRequest('second_step_not_valid');
    return { pending, binding: binding as string };
  }

  // The account's own passkeys as allowCredentials (WebAuthn L3 §5.5), the challenge bound to this
  // browser and account. Offered only where `methods` listed `passkey` (services/second-steps.ts).
  app.post('/second-step/passkey/options/', async (c) => {
    const body = await readJsonBody(c, passkeyOptionsSchema);
    const now = clock.now();
    const { pending, binding } = await pendingOf(c, body.id, now);
    if (!(await secondStepMethods(storage, pending)).includes('passkey')) throw badRequest('passkey_not_valid');
    const held = await storage.passkeys.listForUser(pending.userId);
    const options = await authenticationOptions(
      rp,
      held.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    );
    await storage.webauthnChallenges.insert({
      challengeHash: sha256(options.challenge),
      bindingHash: binding,
      purpose: 'second_step',
      userId: pending.userId,
      createdAt: now,
      expiresAt: Math.min(now + WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000, pending.expiresAt),
      usedAt: null,
      clientId: null,
    });
    return c.json(options as unknown as WebauthnOptionsJSON);
  });

  app.post('/second-step/', bindDevice({ product: config.product, storage }), async (c) => {
    const body = await readJsonBody(c, secondStepSchema);
    const meta = c.get('meta');
    const now = clock.now();
    const { pending, binding } = await pendingOf(c, body.id, now);
    if (!(await storage.secondSteps.takeAttempt(pending.id, SECOND_STEP_MAX_ATTEMPTS))) {
      throw badRequest('code_attempts_exceeded');
    }
    // A passkey: only the half-done sign-in's account's, answering a challenge of this browser for it.
    const checked =
      body.method === 'passkey' && (await secondStepMethods(storage, pending)).includes('passkey')
        ? await checkAssertion(storage, rp, {
            credential: body.credential,
            binding,
            purpose: 'second_step',
            ownerId: pending.userId,
            meta,
            at: now,
          }).catch(refusedAsUndefined)
        : undefined;
    if (
      body.method === 'passkey'
        ? !checked
        : !(await passSecondStep(storage, secretCipher, pending.userId, body.method, body.code, now))
    ) {
      const entry = { userId: pending.userId, sessionId: null, meta, at: now };
      await recordFailure(storage, { ...entry, type: 'code_failed', details: { where: 'second_step' } });
      throw body.method === 'passkey' ? badRequest('passkey_not_valid') : badRequest('code_not_valid', 'code');
    }
    const user = await storage.users.findById(pending.userId);
    if (!user) throw badRequest('second_step_not_valid');
    const started = await storage.transaction(async (tx) => {
      if (!(await tx.secondSteps.markUsed(pending.id, now))) throw badRequest('second_step_not_valid');
      if (checked) {
        const { passkey, assertion } = checked;
        await tx.passkeys.recordUse(passkey.id, {
          counter: assertion.counter,
          backupState: assertion.backupState,
          at: now,
        });
      }
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
