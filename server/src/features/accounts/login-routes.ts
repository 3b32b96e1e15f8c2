/**
 * POST /login/LoginUser/ (password) and /login/LoginOtp/ (one-time code), docs/product.md §7. An unknown
 * account and a wrong password get the same answer in the same time; failures are throttled. With
 * two-step verification on (issue 41), a first step that passes answers the second step instead of tokens.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { CodeLoginRequest, PasswordLoginRequest } from '../../contract/sign-in.js';
import { isOtpCode } from '../../contract/verification.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { countSignIns } from '../../middleware/count-sign-ins.js';
import { bindDevice } from '../../middleware/device-key.js';
import { bindSignIn } from '../../middleware/sign-in-binding.js';
import { codeAmr, passwordAmr, type CodeChannel } from '../../services/amr.js';
import { recordEvent, recordFailure } from '../../services/audit-log.js';
import { contactEntries, contactFrom, saveField } from '../../services/contact-fields.js';
import { findAccount } from '../../services/find-account.js';
import { accountThrottleKey } from '../../services/login-throttle.js';
import { signInPurpose } from '../../services/purposes.js';
import { beginSecondStep } from '../../services/second-steps.js';
import { tokenResponse } from '../../services/token-response.js';
import { twoStepEnabled } from '../../services/two-step.js';
import type { User } from '../../storage/records.js';

const passwordLoginSchema = requestSchema<PasswordLoginRequest>()(
  v.strictObject({
    ...contactEntries,
    password: v.pipe(v.string('invalid_value'), v.maxLength(1024, 'invalid_credentials')),
    save: saveField,
  }),
);

const codeLoginSchema = requestSchema<CodeLoginRequest>()(
  v.strictObject({
    ...contactEntries,
    code: v.pipe(v.string('invalid_code'), v.check(isOtpCode, 'invalid_code')),
    save: saveField,
  }),
);

/** The way in, for the security log, and its RFC 8176 `amr` (services/amr.ts). */
type Way = ['password' | 'code', string[]];

export function loginRoutes({ config, storage, clock, otp, sessions, throttle, metrics }: RouteDeps) {
  const app = new Hono<AppEnv>();
  // A first step that asks for a second (two-step verification, issue 41) started no session yet.
  const halfDone = new WeakSet<Request>();
  // The new session records the device of the HttpOnly device cookie, never the Device-Id header.
  app.use('*', bindDevice({ product: config.product, storage, startedSession: (c) => !halfDone.has(c.req.raw) }));

  /** Tokens, or with two-step verification on the second step to finish the sign-in with (services/second-steps.ts). */
  async function signInOrAsk(c: Context<AppEnv>, user: User, save: boolean, way: Way) {
    const [method, amr] = way;
    if (await twoStepEnabled(storage, user.id)) {
      halfDone.add(c.req.raw);
      const bindingHash = bindSignIn(c, config.product);
      const begun = { userId: user.id, bindingHash, firstMethod: method, firstAmr: amr, save, at: clock.now() };
      return beginSecondStep(storage, begun);
    }
    return signIn(user, c.get('meta'), save, way);
  }

  async function signIn(user: User, meta: AppEnv['Variables']['meta'], save: boolean, [method, amr]: Way) {
    const started = await storage.transaction(async (tx) => {
      const session = await sessions.start(tx, user, meta, save, amr);
      await recordEvent(tx, {
        type: 'login',
        userId: user.id,
        sessionId: session.session.id,
        meta,
        at: clock.now(),
        details: { method },
      });
      return session;
    });
    return tokenResponse(user, started, await sessions.accessToken(started.session));
  }

  app.post('/LoginUser/', countSignIns(metrics, 'password'), async (c) => {
    const body = await readJsonBody(c, passwordLoginSchema);
    const contact = contactFrom(body);
    const meta = c.get('meta');
    let user: User | undefined;
    // Counted before the slow hash, so parallel guesses cost what sequential ones do (services/login-throttle.ts).
    const ok = await throttle.attempt(
      accountThrottleKey(contact),
      meta.ip,
      async () => {
        user = await findAccount(storage, contact);
        return user?.passwordHash
          ? verifyPassword(user.passwordHash, body.password)
          : verifyAgainstDummy(body.password);
      },
      // The owner sees the guesses at their account in its log (audit-log.ts, recordFailure); an
      // unknown contact has no log, and its answer stays the same.
      async ({ accountLocked }) => {
        if (!user) return;
        const entry = { userId: user.id, sessionId: null, meta, at: clock.now() };
        await recordFailure(storage, { ...entry, type: 'password_failed', details: { where: 'sign_in' } });
        if (accountLocked) await recordFailure(storage, { ...entry, type: 'password_locked' });
      },
    );
    if (!user || !ok) throw badRequest('invalid_credentials');
    return c.json(await signInOrAsk(c, user, body.save, ['password', passwordAmr()]));
  });

  app.post('/LoginOtp/', countSignIns(metrics, 'code'), async (c) => {
    const body = await readJsonBody(c, codeLoginSchema);
    const contact = contactFrom(body);
    // The code carries its own limits (5 tries, 5 minutes); a locked password does not block it.
    let channel: CodeChannel;
    try {
      channel = await otp.consume(signInPurpose(contact.type), contact, body.code);
    } catch (error) {
      // Wrong digits for a code that was live: the owner's log says someone tried (at most once a while).
      const wrong = error instanceof ApiError && error.items[0]?.error === 'code_not_valid';
      const owner = wrong ? await findAccount(storage, contact) : undefined;
      if (owner) {
        const entry = { userId: owner.id, sessionId: null, meta: c.get('meta'), at: clock.now() };
        await recordFailure(storage, { ...entry, type: 'code_failed', details: { where: 'sign_in' } });
      }
      throw error;
    }
    const user = await findAccount(storage, contact);
    if (!user) throw badRequest('invalid_credentials');
    return c.json(await signInOrAsk(c, user, body.save, ['code', codeAmr(channel)]));
  });
  return app;
}
