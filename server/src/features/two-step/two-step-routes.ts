/**
 * The account's two-step verification (issue 41, docs/api.md "Two-step verification"): GET
 * /user/two-step/, an authenticator app set up (POST /user/two-step/totp/, a fresh proof) and
 * confirmed by a first code (POST /user/two-step/totp/confirm/), a new set of recovery codes (POST
 * /user/two-step/recovery-codes/, a fresh proof) and turning it off (DELETE /user/two-step/, a fresh
 * proof). Each change is in the security log (NIST SP 800-63B §6.1.2: changes to authenticators
 * need a session authenticated again, and are recorded); turning it off and replacing the app are
 * also told to the account's contacts (two-step-notice.ts).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { TOTP_SETUP_TTL_SECONDS } from '../../config/policy.js';
import type {
  RecoveryCodes,
  TotpConfirmed,
  TotpConfirmRequest,
  TotpSetup,
  TwoStepProofRequest,
} from '../../contract/two-step.js';
import { badRequest } from '../../lib/api-error.js';
import { randomId } from '../../lib/secrets.js';
import { newTotpSecret, totpStepOf, totpUri } from '../../lib/totp.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { recordEvent } from '../../services/audit-log.js';
import { consumeStepUpProof } from '../../services/step-up.js';
import { openTotpSecret, replaceRecoveryCodes, sealTotpSecret, twoStepStatus } from '../../services/two-step.js';
import { sendTwoStepNotice, type NoticeDeps } from './two-step-notice.js';

const proofSchema = requestSchema<TwoStepProofRequest>()(
  v.strictObject({ proof: v.pipe(v.string('proof_required'), v.maxLength(256, 'proof_required')) }),
);
const confirmSchema = requestSchema<TotpConfirmRequest>()(
  v.strictObject({ code: v.pipe(v.string('code_not_valid'), v.maxLength(16, 'code_not_valid')) }),
);

export function twoStepRoutes(deps: RouteDeps & NoticeDeps) {
  const { config, storage, clock, sessions, secretCipher } = deps;
  const app = new Hono<AppEnv>();

  const status = (userId: string) => twoStepStatus(storage, userId);

  app.get('/two-step/', requireAuth(sessions), requireActive, async (c) => c.json(await status(c.get('auth').user.id)));

  app.post('/two-step/totp/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, proofSchema);
    const auth = c.get('auth');
    const secret = newTotpSecret();
    await storage.transaction(async (tx) => {
      const now = clock.now();
      await consumeStepUpProof(tx, body.proof, auth, now);
      const id = randomId();
      const sealedSecret = sealTotpSecret(secretCipher, id, secret);
      await tx.totpSecrets.insert({
        id,
        userId: auth.user.id,
        sealedSecret,
        createdAt: now,
        confirmedAt: null,
        lastStep: null,
      });
    });
    const label = auth.user.phone ?? auth.user.email ?? auth.user.id;
    const issuer = new URL(config.publicUrl).hostname === 'localhost' ? 'Kirish (local)' : 'Kirish';
    return c.json({
      secret,
      uri: totpUri(secret, issuer, label),
      expires_in: TOTP_SETUP_TTL_SECONDS,
    } satisfies TotpSetup);
  });

  app.post('/two-step/totp/confirm/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, confirmSchema);
    const auth = c.get('auth');
    const now = clock.now();
    const pending = await storage.totpSecrets.findPending(auth.user.id, now - TOTP_SETUP_TTL_SECONDS * 1000);
    if (!pending) throw badRequest('two_step_setup_expired');
    const step = totpStepOf(openTotpSecret(secretCipher, pending), body.code, now);
    if (step === null) throw badRequest('code_not_valid', 'code');
    const codes = await storage.transaction(async (tx) => {
      const changing = (await tx.totpSecrets.findConfirmed(auth.user.id)) !== undefined;
      if (!(await tx.totpSecrets.confirm(auth.user.id, pending.id, step, now)))
        throw badRequest('two_step_setup_expired');
      await recordEvent(tx, {
        type: changing ? 'two_step_changed' : 'two_step_enabled',
        userId: auth.user.id,
        sessionId: auth.session.id,
        meta: c.get('meta'),
        at: now,
      });
      return changing ? null : replaceRecoveryCodes(tx, auth.user.id, now);
    });
    if (codes === null) await sendTwoStepNotice(deps, auth.user, 'changed', c.get('meta').locale);
    return c.json({ recovery_codes: codes } satisfies TotpConfirmed);
  });

  app.post('/two-step/recovery-codes/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, proofSchema);
    const auth = c.get('auth');
    const codes = await storage.transaction(async (tx) => {
      const now = clock.now();
      if (!(await tx.totpSecrets.findConfirmed(auth.user.id))) throw badRequest('two_step_not_enabled');
      await consumeStepUpProof(tx, body.proof, auth, now);
      await recordEvent(tx, {
        type: 'recovery_codes_renewed',
        userId: auth.user.id,
        sessionId: auth.session.id,
        meta: c.get('meta'),
        at: now,
      });
      return replaceRecoveryCodes(tx, auth.user.id, now);
    });
    return c.json({ recovery_codes: codes } satisfies RecoveryCodes);
  });

  app.delete('/two-step/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, proofSchema);
    const auth = c.get('auth');
    await storage.transaction(async (tx) => {
      const now = clock.now();
      if (!(await tx.totpSecrets.findConfirmed(auth.user.id))) throw badRequest('two_step_not_enabled');
      await consumeStepUpProof(tx, body.proof, auth, now);
      await tx.totpSecrets.removeAllForUser(auth.user.id);
      await tx.recoveryCodes.removeAllForUser(auth.user.id);
      await recordEvent(tx, {
        type: 'two_step_disabled',
        userId: auth.user.id,
        sessionId: auth.session.id,
        meta: c.get('meta'),
        at: now,
      });
    });
    await sendTwoStepNotice(deps, auth.user, 'disabled', c.get('meta').locale);
    return c.json(await status(auth.user.id));
  });

  return app;
}
