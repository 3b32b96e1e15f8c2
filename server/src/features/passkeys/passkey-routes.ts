/**
 * The account's passkeys (issue 41, docs/api.md "Passkeys"): POST /user/passkeys/registration/options/
 * (a fresh step-up proof: a stolen session alone must not add a way in, NIST SP 800-63B §6.1.2.1 binds
 * a new authenticator only in a session authenticated again), POST /user/passkeys/registration/,
 * GET /user/passkeys/, PATCH and DELETE /user/passkeys/{id}/ (removal with a fresh proof, never the
 * account's last way in). The ceremony's challenge is single-use, bound to the browser that asked
 * (middleware/sign-in-binding.ts) and kept in the database, so any instance finishes it.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../config/policy.js';
import {
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyList,
  type PasskeyOptionsRequest,
  type PasskeyRegistrationRequest,
  type PasskeyRemoveRequest,
  type PasskeyRenameRequest,
  type PasskeyView,
  type WebauthnOptionsJSON,
} from '../../contract/passkeys.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { sha256 } from '../../lib/secrets.js';
import { parseUserAgent } from '../../lib/user-agent.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import {
  challengeOf,
  registrationOptions,
  relyingPartyOf,
  verifyRegistration,
  type RegistrationResponseJSON,
} from '../../lib/webauthn.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { bindSignIn, signInBindingOf } from '../../middleware/sign-in-binding.js';
import { recordEvent } from '../../services/audit-log.js';
import { consumeStepUpProof } from '../../services/step-up.js';
import { credentialSchema } from '../../services/passkey-credential-schema.js';
import { assertOtherWayIn } from './other-way-in.js';
import { passkeyView } from '../../services/passkey-view.js';

const proofField = v.pipe(v.string('proof_required'), v.maxLength(256, 'proof_required'));
const nameField = v.pipe(text(PASSKEY_NAME_MAX_LENGTH), v.minLength(1, 'field_required'));

const optionsSchema = requestSchema<PasskeyOptionsRequest>()(v.strictObject({ proof: proofField }));
const registrationSchema = requestSchema<PasskeyRegistrationRequest>()(
  v.strictObject({ credential: credentialSchema, name: v.optional(nameField) }),
);
const renameSchema = requestSchema<PasskeyRenameRequest>()(v.strictObject({ name: nameField }));
const removeSchema = requestSchema<PasskeyRemoveRequest>()(v.strictObject({ proof: proofField }));

const notFound = () => new ApiError(404, [{ error: 'not_found' }]);

/** "Chrome on Android": what the person will recognise in the list, from the browser that made it. */
function defaultName(userAgent: string | null): string {
  const { browser, os } = parseUserAgent(userAgent);
  const name = [browser, os].filter(Boolean).join(' on ');
  return (name || 'Passkey').slice(0, PASSKEY_NAME_MAX_LENGTH);
}

export function passkeyRoutes({ config, storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const rp = relyingPartyOf(config.publicUrl, 'Kirish');

  app.post('/passkeys/registration/options/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, optionsSchema);
    const auth = c.get('auth');
    const { user } = auth;
    const binding = bindSignIn(c, config.product);
    const held = await storage.passkeys.listForUser(user.id);
    const name = user.phone ?? user.email ?? user.id;
    const options = await registrationOptions(
      rp,
      { id: user.id, name, displayName: `${user.firstName} ${user.lastName}`.trim() || name },
      held.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    );
    await storage.transaction(async (tx) => {
      const now = clock.now();
      await consumeStepUpProof(tx, body.proof, auth, now);
      await tx.webauthnChallenges.insert({
        challengeHash: sha256(options.challenge),
        bindingHash: binding,
        purpose: 'register',
        userId: user.id,
        createdAt: now,
        expiresAt: now + WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
        usedAt: null,
        clientId: null,
      });
    });
    return c.json(options as unknown as WebauthnOptionsJSON);
  });

  app.post('/passkeys/registration/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, registrationSchema);
    const auth = c.get('auth');
    const binding = signInBindingOf(c, config.product);
    const challenge = challengeOf(body.credential.response.clientDataJSON as string);
    const now = clock.now();
    // Taken before the check, whatever its outcome: a challenge answers one ceremony (WebAuthn L3 §13.4.3).
    const taken =
      binding !== null && challenge !== null
        ? await storage.webauthnChallenges.take(sha256(challenge), binding, 'register', now)
        : undefined;
    if (!taken || taken.userId !== auth.user.id || challenge === null) throw badRequest('passkey_not_valid');
    const credential = await verifyRegistration(rp, body.credential as unknown as RegistrationResponseJSON, challenge);
    if (!credential) throw badRequest('passkey_not_valid');
    const passkey = {
      ...credential,
      userId: auth.user.id,
      name: body.name ?? defaultName(c.get('meta').userAgent),
      createdAt: now,
      lastUsedAt: null,
    };
    await storage.transaction(async (tx) => {
      if (!(await tx.passkeys.insert(passkey))) throw badRequest('passkey_exists');
      await recordEvent(tx, {
        type: 'passkey_added',
        userId: auth.user.id,
        sessionId: auth.session.id,
        meta: c.get('meta'),
        at: now,
        details: { name: passkey.name },
      });
    });
    return c.json(passkeyView(passkey) satisfies PasskeyView);
  });

  app.get('/passkeys/', requireAuth(sessions), requireActive, async (c) => {
    const held = await storage.passkeys.listForUser(c.get('auth').user.id);
    return c.json({ passkeys: held.map(passkeyView) } satisfies PasskeyList);
  });

  app.patch('/passkeys/:id/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, renameSchema);
    const { user } = c.get('auth');
    if (!(await storage.passkeys.rename(user.id, c.req.param('id'), body.name))) throw notFound();
    const renamed = await storage.passkeys.find(c.req.param('id'));
    if (!renamed) throw notFound();
    return c.json(passkeyView(renamed) satisfies PasskeyView);
  });

  app.delete('/passkeys/:id/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, removeSchema);
    const auth = c.get('auth');
    const id = c.req.param('id');
    await storage.transaction(async (tx) => {
      const now = clock.now();
      const held = await tx.passkeys.listForUser(auth.user.id);
      const removed = held.find((passkey) => passkey.id === id);
      if (!removed) throw notFound();
      await assertOtherWayIn(tx, auth.user, held.length - 1);
      await consumeStepUpProof(tx, body.proof, auth, now);
      await tx.passkeys.remove(auth.user.id, id);
      await recordEvent(tx, {
        type: 'passkey_removed',
        userId: auth.user.id,
        sessionId: auth.session.id,
        meta: c.get('meta'),
        at: now,
        details: { name: removed.name },
      });
    });
    return c.json({});
  });

  return app;
}
