/**
 * Signing in with a passkey (issue 41, docs/api.md "Passkeys"): POST /login/passkey/options/ gives a
 * challenge with no allowCredentials (the Login button and the browser's autofill, WebAuthn L3 §5.5
 * and the conditional mediation of §5.1.4), and POST /login/passkey/ takes the assertion and signs in
 * as every sign-in does: the session with its device (middleware/device-key.ts), the log line with
 * method `passkey`, the token response. Anonymous, so each call counts against its address. A
 * passkey without user verification, for an account with two-step verification on, gets the second
 * step instead (POST /login/second-step/), as a password does; with it, it needs none.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP, WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../config/policy.js';
import type { PasskeyLoginRequest, PasskeyLoginResponse, WebauthnOptionsJSON } from '../../contract/passkeys.js';
import { badRequest, tooManyRequests } from '../../lib/api-error.js';
import { sha256 } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import {
  authenticationOptions,
  challengeOf,
  relyingPartyOf,
  verifyAssertion,
  type AuthenticationResponseJSON,
} from '../../lib/webauthn.js';
import { countSignIns } from '../../middleware/count-sign-ins.js';
import { bindDevice } from '../../middleware/device-key.js';
import { bindSignIn, signInBindingOf } from '../../middleware/sign-in-binding.js';
import { passkeyAmr } from '../../services/amr.js';
import { recordEvent } from '../../services/audit-log.js';
import { saveField } from '../../services/contact-fields.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { beginSecondStep } from '../../services/second-steps.js';
import { startSignIn } from '../../services/sign-in.js';
import { tokenResponse } from '../../services/token-response.js';
import { twoStepEnabled } from '../../services/two-step.js';
import { credentialSchema } from './credential-schema.js';

const loginSchema = requestSchema<PasskeyLoginRequest>()(
  v.strictObject({ credential: credentialSchema, save: saveField }),
);

/**
 * WebAuthn L3 §6.1.1: a signature counter that does not grow, where either side is non-zero, means
 * the authenticator may have been cloned. The specification leaves the answer to the relying party;
 * Kirish refuses the sign-in and writes it to the owner's log: an identity provider's sign-in opens
 * every partner's account, and a synced passkey (counter always 0) never meets the rule.
 */
const counterWentBack = (stored: number, reported: number) => (stored > 0 || reported > 0) && reported <= stored;

export function passkeyLoginRoutes({ config, storage, clock, sessions, metrics }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const rp = relyingPartyOf(config.publicUrl, 'Kirish');
  // A sign-in that asks for a second step started no session yet.
  const halfDone = new WeakSet<Request>();
  const limiter = createRateLimiter(storage, clock, {
    scope: 'passkey_ip',
    limit: PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP,
    windowSeconds: 60,
  });
  const limit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const retryAfter = await limiter.hit(c.get('meta').ip);
    if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
    await next();
  };

  app.post('/passkey/options/', limit, async (c) => {
    const binding = bindSignIn(c, config.product);
    const options = await authenticationOptions(rp);
    const now = clock.now();
    await storage.webauthnChallenges.insert({
      challengeHash: sha256(options.challenge),
      bindingHash: binding,
      purpose: 'authenticate',
      userId: null,
      createdAt: now,
      expiresAt: now + WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
      usedAt: null,
    });
    return c.json(options as unknown as WebauthnOptionsJSON);
  });

  app.post(
    '/passkey/',
    limit,
    countSignIns(metrics, 'passkey'),
    bindDevice({ product: config.product, storage, startedSession: (c) => !halfDone.has(c.req.raw) }),
    async (c) => {
      const body = await readJsonBody(c, loginSchema);
      const meta = c.get('meta');
      const binding = signInBindingOf(c, config.product);
      const challenge = challengeOf(body.credential.response.clientDataJSON as string);
      const now = clock.now();
      // Taken before the check, whatever its outcome: a challenge answers one ceremony (WebAuthn L3 §13.4.3).
      const taken =
        binding !== null && challenge !== null
          ? await storage.webauthnChallenges.take(sha256(challenge), binding, 'authenticate', now)
          : undefined;
      const passkey = await storage.passkeys.find(body.credential.id);
      if (!taken || !passkey || challenge === null) throw badRequest('passkey_not_valid');
      // §7.2 step 6: a user handle the authenticator gives must name the credential's owner.
      const handle = body.credential.response.userHandle;
      if (typeof handle === 'string' && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
        throw badRequest('passkey_not_valid');
      }
      const assertion = await verifyAssertion(
        rp,
        body.credential as unknown as AuthenticationResponseJSON,
        challenge,
        passkey,
      );
      if (!assertion) throw badRequest('passkey_not_valid');
      const user = await storage.users.findById(passkey.userId);
      if (!user) throw badRequest('passkey_not_valid');
      if (counterWentBack(passkey.counter, assertion.counter)) {
        await recordEvent(storage, {
          type: 'passkey_counter_regressed',
          userId: user.id,
          sessionId: null,
          meta,
          at: now,
          details: { name: passkey.name, stored: passkey.counter, reported: assertion.counter },
        });
        throw badRequest('passkey_not_valid');
      }
      // Without user verification the passkey is one factor, something held (WebAuthn L3 §6.2.3); with
      // two-step verification on, the sign-in then asks for the second step as a password one does.
      if (!assertion.userVerified && (await twoStepEnabled(storage, user.id))) {
        halfDone.add(c.req.raw);
        await storage.passkeys.recordUse(passkey.id, {
          counter: assertion.counter,
          backupState: assertion.backupState,
          at: now,
        });
        const bindingHash = bindSignIn(c, config.product);
        return c.json(
          await beginSecondStep(storage, {
            userId: user.id,
            bindingHash,
            firstMethod: 'passkey',
            firstAmr: passkeyAmr({ synced: passkey.backupEligible || assertion.backupState, userVerified: false }),
            save: body.save,
            at: now,
          }),
        );
      }
      const started = await storage.transaction(async (tx) => {
        await tx.passkeys.recordUse(passkey.id, {
          counter: assertion.counter,
          backupState: assertion.backupState,
          at: now,
        });
        const synced = passkey.backupEligible || assertion.backupState;
        const amr = passkeyAmr({ synced, userVerified: assertion.userVerified });
        return startSignIn(tx, sessions, { user, meta, save: body.save, method: 'passkey', at: now, amr });
      });
      return c.json(
        tokenResponse(user, started, await sessions.accessToken(started.session)) satisfies PasskeyLoginResponse,
      );
    },
  );

  return app;
}
