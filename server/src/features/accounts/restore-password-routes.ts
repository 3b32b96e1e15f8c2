/**
 * POST /restore-password/RestorePasswordSms/ and RestorePasswordEmail/ (docs/product.md §7): a new password
 * with a request_id proven by a forget_pass_verification code. Every sign-in to Kirish ends in the
 * same transaction: whoever knew the old password is out. The OAuth apps' sessions end too unless
 * the person unticks it (`end_app_sessions`, on by default; OWASP ASVS 5.0 §7.4.3).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { PasswordRestored, RestorePasswordRequest } from '../../contract/passwords.js';
import { badRequest } from '../../lib/api-error.js';
import type { ContactType } from '../../lib/contacts.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import type { Storage, Verification } from '../../storage/storage.js';
import { recordEvent } from '../../services/audit-log.js';
import { findRecoveryAccount } from '../../services/find-account.js';
import { accountThrottleKey } from '../../services/login-throttle.js';

const restoreSchema = requestSchema<RestorePasswordRequest>()(
  v.strictObject({
    request_id: v.pipe(v.string('request_id_error'), v.maxLength(256, 'request_id_error')),
    password: v.pipe(v.string('invalid_value'), v.maxLength(1024, 'password_too_long')),
    end_app_sessions: v.optional(v.boolean('invalid_value'), true),
  }),
);

/**
 * The account a proof's contact names, for the section (`contactType`) it was asked from: the one it
 * signs in to, or the one holding it as a backup contact (services/find-account.ts).
 */
async function accountOf(store: Storage, proof: Verification, contactType: ContactType) {
  if (proof.contactType !== contactType) throw badRequest('request_id_error', 'request_id');
  const account = (await findRecoveryAccount(store, { type: proof.contactType, value: proof.contact }))?.user;
  if (!account)
    throw badRequest(contactType === 'phone' ? 'user_not_found_phone' : 'user_not_found_email', contactType);
  return account;
}

export function restorePasswordRoutes({ storage, clock, otp, throttle }: RouteDeps) {
  const app = new Hono<AppEnv>();

  async function restore(c: Context<AppEnv>, contactType: ContactType) {
    const body = await readJsonBody(c, restoreSchema);
    const problem = passwordProblem(body.password);
    if (problem) throw badRequest(problem, 'password');
    // Read and compared before any transaction: the old password's check is an argon2 verify, tens
    // of milliseconds that would otherwise hold SQLite's writer (and every commit queued behind it).
    const known = await accountOf(
      storage,
      await otp.checkProof(storage, body.request_id, ['forget_pass_verification']),
      contactType,
    );
    // The old password again is refused, and the request id stays usable for another try.
    if (known.passwordHash !== null && (await verifyPassword(known.passwordHash, body.password)))
      throw badRequest('same_password', 'password');
    const passwordHash = await hashPassword(body.password);

    const outcome = await storage.transaction(async (tx) => {
      const account = await accountOf(
        tx,
        await otp.redeemProof(tx, body.request_id, ['forget_pass_verification']),
        contactType,
      );
      const now = clock.now();
      await tx.users.setPasswordHash(account.id, passwordHash, now);
      // No session is kept (the person is signed out): the empty id names none.
      const ended = await tx.openSessions.endOthers(account.id, '', ['sso'], now, 'password_reset');
      const endedApps = body.end_app_sessions
        ? await tx.openSessions.endOthers(account.id, '', ['oauth'], now, 'password_reset')
        : 0;
      await recordEvent(tx, {
        type: 'password_reset',
        userId: account.id,
        sessionId: null,
        meta: c.get('meta'),
        at: now,
        details: { ended_sessions: ended, ended_app_sessions: endedApps },
      });
      return { user: account, ended, endedApps };
    });
    const { user } = outcome;
    // The owner proved the contact: lift any lock that guessing put on the account.
    if (user.phone) await throttle.clearAccount(accountThrottleKey({ type: 'phone', value: user.phone }));
    if (user.email && user.emailVerified)
      await throttle.clearAccount(accountThrottleKey({ type: 'email', value: user.email }));
    return c.json({
      detail: 'password_changed',
      ended: outcome.ended,
      ended_apps: outcome.endedApps,
    } satisfies PasswordRestored);
  }

  app.post('/RestorePasswordSms/', (c) => restore(c, 'phone'));
  app.post('/RestorePasswordEmail/', (c) => restore(c, 'email'));
  return app;
}
