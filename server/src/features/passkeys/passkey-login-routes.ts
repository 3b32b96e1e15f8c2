/**
 * Signing in with a passkey (issue 41, docs/api.md "Passkeys"): POST /login/passkey/options/ gives a
 * challenge with no allowCredentials (the Login button and the browser's autofill, WebAuthn L3 §5.5
 * and the conditional mediation of §5.1.4), and POST /login/passkey/ takes the assertion and signs in
 * as every sign-in does: the session with its device (middleware/device-key.ts), the log line with
 * method `passkey`, the token response. Anonymous, so each call counts against its address. A
 * passkey without user verification, for an account with two-step verification on, gets the second
 * step instead (POST /login/second-step/), as a password does; with it, it needs none. Inside a
 * partner's frame the options call names the embed's client (`{"client_id"}`), and the answer may
 * then come from a cross-origin frame on one of that client's web origins (lib/webauthn.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  PASSKEY_OPTIONS_PER_MINUTE_PER_IP,
  PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
} from '../../config/policy.js';
import type {
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  PasskeyLoginResponse,
  WebauthnOptionsJSON,
} from '../../contract/passkeys.js';
import { badRequest, tooManyRequests } from '../../lib/api-error.js';
import { sha256 } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { authenticationOptions, relyingPartyOf } from '../../lib/webauthn.js';
import { countSignIns } from '../../middleware/count-sign-ins.js';
import { bindDevice } from '../../middleware/device-key.js';
import { bindSignIn, signInBindingOf } from '../../middleware/sign-in-binding.js';
import { passkeyAmr } from '../../services/amr.js';
import { saveField } from '../../services/contact-fields.js';
import { checkAssertion } from '../../services/passkey-assertion.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { beginSecondStep } from '../../services/second-steps.js';
import { startSignIn } from '../../services/sign-in.js';
import { tokenResponse } from '../../services/token-response.js';
import { twoStepEnabled } from '../../services/two-step.js';
import { credentialSchema } from '../../services/passkey-credential-schema.js';

const loginSchema = requestSchema<PasskeyLoginRequest>()(
  v.strictObject({ credential: credentialSchema, save: saveField }),
);

/**
 * The options call's optional body: the client whose embed (a partner's frame) asks. Only then may the
 * answer come from a cross-origin frame, whose top origin must be one of that client's web origins.
 */
const optionsSchema = requestSchema<PasskeyLoginOptionsRequest>()(
  v.strictObject({
    client_id: v.optional(v.pipe(v.string('invalid_client'), v.maxLength(256, 'invalid_client'))),
  }),
);

export function passkeyLoginRoutes({ config, storage, clock, sessions, metrics }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const rp = relyingPartyOf(config.publicUrl, 'Kirish');
  // A sign-in that asks for a second step started no session yet.
  const halfDone = new WeakSet<Request>();
  /** A per-address limit a minute long: the challenges' generous one, the answers' tight one. */
  const perAddress = (scope: string, limit: number): MiddlewareHandler<AppEnv> => {
    const limiter = createRateLimiter(storage, clock, { scope, limit, windowSeconds: 60 });
    return async (c, next) => {
      const retryAfter = await limiter.hit(c.get('meta').ip);
      if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
      await next();
    };
  };
  const limitOptions = perAddress('passkey_options_ip', PASSKEY_OPTIONS_PER_MINUTE_PER_IP);
  const limit = perAddress('passkey_ip', PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP);

  app.post('/passkey/options/', limitOptions, async (c) => {
    // No body (the account site) asks for no frame; a client that is not there is refused, not ignored.
    const { client_id: clientId } = c.req.header('content-type') ? await readJsonBody(c, optionsSchema) : {};
    if (clientId !== undefined && !(await storage.clients.find(clientId))) {
      throw badRequest('invalid_client', 'client_id');
    }
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
      clientId: clientId ?? null,
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
      const now = clock.now();
      const { passkey, user, assertion } = await checkAssertion(storage, rp, {
        credential: body.credential,
        binding: signInBindingOf(c, config.product),
        purpose: 'authenticate',
        meta,
        at: now,
      });
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
