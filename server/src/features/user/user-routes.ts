/**
 * The signed-in user's own calls (docs/product.md §7): GET /user/MyProfile, DELETE /user/LogoutUser/ and
 * GET /user/deviceprofile/DeviceProfileList. All need a valid Bearer access token. Logging out also
 * sends the Login Status API header and, when no account is left on the device, expires the `_idp`
 * cookie (middleware/device-key.ts).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { DeviceProfile } from '../../contract/device-profiles.js';
import { maskEmail, maskPhone } from '../../lib/contacts.js';
import { deviceKeyOf, settleIdpCookie, vouchingDeviceKeyOf } from '../../middleware/device-key.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { recordEvent } from '../../services/audit-log.js';
import { vouchedAccounts } from '../../services/device-accounts.js';
import { profileOf } from '../../services/profile-view.js';

export function userRoutes({ config, storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(sessions));

  app.get('/MyProfile', (c) => c.json(profileOf(c.get('auth').user)));

  app.delete('/LogoutUser/', async (c) => {
    const { user, session } = c.get('auth');
    const now = clock.now();
    await storage.transaction(async (tx) => {
      if (await tx.sessions.end(session.id, now, 'logout')) {
        await recordEvent(tx, { type: 'logout', userId: user.id, sessionId: session.id, meta: c.get('meta'), at: now });
      }
    });
    // Login Status API: logged-out only when the last account of the device has left (docs/fedcm.md).
    const device = vouchingDeviceKeyOf(c, config.product);
    const accountsLeft = device !== null && (await vouchedAccounts(storage, device, now)).length > 0;
    settleIdpCookie(c, config.product, accountsLeft);
    return c.body(null, 204);
  });

  /**
   * The accounts that signed in on the caller's device, for the account chooser. The device is the
   * one the request's HttpOnly device cookie proves (middleware/device-key.ts), never a header: the
   * Device-Id header and the device a session recorded can both be chosen by whoever signs in, so
   * naming another device's id would list its accounts (issue 10). Without the cookie only the
   * caller's own account is listed. Contacts are masked; only the caller's own account is shown in
   * full elsewhere (MyProfile).
   */
  app.get('/deviceprofile/DeviceProfileList', async (c) => {
    const { user, session } = c.get('auth');
    const device = deviceKeyOf(c, config.product);
    const listed = device === null ? [] : await storage.sessions.deviceProfiles(device);
    const rows = listed.some((row) => row.user.id === user.id)
      ? listed
      : [{ user, lastSeenAt: session.lastSeenAt, hasActiveSession: true }, ...listed];
    return c.json(
      rows.map((row): DeviceProfile => ({
        uuid: row.user.id,
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        phone: row.user.phone === null ? null : maskPhone(row.user.phone),
        email: row.user.email === null || !row.user.emailVerified ? null : maskEmail(row.user.email),
        is_current: row.user.id === user.id,
        has_active_session: row.hasActiveSession,
        last_seen_at: new Date(row.lastSeenAt).toISOString(),
        // The chooser shows each account's photo, as the embed frame's list does (features/fedcm).
        photo: row.user.photo === null ? null : `${config.publicUrl}/cdn/200x/${row.user.photo}`,
      })),
    );
  });
  return app;
}
