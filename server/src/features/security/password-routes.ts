/**
 * POST /user/change-password/ (with the current password) and POST /user/reset-password/ (with a
 * `forget_pass_verification` code sent, while signed in, to the account's own phone or e-mail — for
 * someone who has forgotten it, or never had one). The caller's sign-in stays; the others end when
 * asked, and the OAuth apps' sessions unless asked not to (`end_app_sessions`, on by default: a
 * password that leaked may have let an app in, OWASP ASVS 5.0 §7.4.3), all in the same transaction
 * as the new password.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ChangePasswordRequest, PasswordChanged, ResetPasswordRequest } from '../../contract/passwords.js';
import { badRequest } from '../../lib/api-error.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { contactOf, isOwnPrimary, redeemOwnRequest } from '../../services/account-contacts.js';
import { recordEvent } from '../../services/audit-log.js';
import type { Authenticated } from '../../services/session-service.js';
import type { Storage } from '../../storage/storage.js';
import { assertPassword } from './password-check.js';

const newPasswordField = v.pipe(v.string('invalid_value'), v.maxLength(1024, 'password_too_long'));
const endOthersField = v.optional(v.boolean('invalid_value'), false);
const endAppsField = v.optional(v.boolean('invalid_value'), true);

const changeSchema = requestSchema<ChangePasswordRequest>()(
  v.strictObject({
    old_password: v.pipe(v.string('invalid_value'), v.maxLength(1024, 'invalid_old_password')),
    new_password: newPasswordField,
    end_other_sessions: endOthersField,
    end_app_sessions: endAppsField,
  }),
);

const resetSchema = requestSchema<ResetPasswordRequest>()(
  v.strictObject({
    request_id: v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error')),
    new_password: newPasswordField,
    end_other_sessions: endOthersField,
    end_app_sessions: endAppsField,
  }),
);

/**
 * The policy of lib/password-policy.ts, then the argon2id hash, before any transaction starts. The
 * password the account already has is refused: "changing" to it would end sessions and change nothing.
 */
async function newPasswordHash(password: string, currentHash: string | null): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem, 'new_password');
  if (currentHash !== null && (await verifyPassword(currentHash, password)))
    throw badRequest('same_password', 'new_password');
  return hashPassword(password);
}

export function passwordRoutes({ storage, clock, otp, sessions, throttle }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  /** Sets the hash, ends the other sign-ins and the apps' sessions as asked, and logs it: all or nothing. */
  async function setPassword(
    c: Context<AppEnv>,
    passwordHash: string,
    end: { others: boolean; apps: boolean },
    type: 'password_changed' | 'password_reset',
    before: (tx: Storage, caller: Authenticated) => Promise<void>,
  ): Promise<PasswordChanged> {
    const caller = c.get('auth');
    const now = clock.now();
    return storage.transaction(async (tx) => {
      await before(tx, caller);
      await tx.users.setPasswordHash(caller.user.id, passwordHash, now);
      const reason = type === 'password_changed' ? 'password_change' : 'password_reset';
      // The sessions partners' frames joined end with every password change (docs/fedcm.md): a
      // credential event the person may not have seen, like a sign-in elsewhere.
      const ended = end.others
        ? await tx.openSessions.endOthers(caller.user.id, caller.session.id, ['sso'], now, reason)
        : await tx.openSessions.endJoined(caller.user.id, caller.session.id, now, reason);
      // The caller's own sign-in is an `sso` one: every `oauth` session of the account ends.
      const endedApps = end.apps
        ? await tx.openSessions.endOthers(caller.user.id, caller.session.id, ['oauth'], now, reason)
        : 0;
      const details = { ended_sessions: ended, ended_app_sessions: endedApps };
      await recordEvent(tx, {
        type,
        userId: caller.user.id,
        sessionId: caller.session.id,
        meta: c.get('meta'),
        at: now,
        details,
      });
      return { ended, ended_apps: endedApps };
    });
  }

  app.post('/change-password/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, changeSchema);
    const { user, session } = c.get('auth');
    const from = { meta: c.get('meta'), sessionId: session.id };
    await assertPassword({ throttle, storage, now: () => clock.now() }, user, body.old_password, from, 'old_password');
    const passwordHash = await newPasswordHash(body.new_password, user.passwordHash);
    const end = { others: body.end_other_sessions, apps: body.end_app_sessions };
    return c.json(await setPassword(c, passwordHash, end, 'password_changed', async () => {}));
  });

  app.post('/reset-password/', auth, requireActive, async (c) => {
    const body = await readJsonBody(c, resetSchema);
    const passwordHash = await newPasswordHash(body.new_password, c.get('auth').user.passwordHash);
    const end = { others: body.end_other_sessions, apps: body.end_app_sessions };
    const changed = await setPassword(c, passwordHash, end, 'password_reset', async (tx, { user }) => {
      const verification = await redeemOwnRequest(tx, otp, body.request_id, ['forget_pass_verification'], user);
      if (!isOwnPrimary(user, contactOf(verification))) throw badRequest('request_id_error', 'request_id');
    });
    return c.json(changed);
  });

  return app;
}
