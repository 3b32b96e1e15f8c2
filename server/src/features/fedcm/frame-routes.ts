/**
 * The embed frame's storage-access path (docs/fedcm.md): Kirish's own page inside a partner's frame,
 * once document.requestStorageAccess() lets it send its `_idp` cookie, lists the accounts the cookie
 * vouches for and joins the live session of the one the person picks — a new refresh-token chain of
 * that very session (SessionService.adopt), so ending the session at Kirish ends the frame's too.
 *
 * Only Kirish's own pages may call these: `Sec-Fetch-Site: same-origin` (Fetch Metadata, set by the
 * browser and by no script) is required, and no CORS header is ever sent, so no other site can read
 * an answer or make the browser send a credentialed request that passes.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { DeviceProfile } from '../../contract/device-profiles.js';
import type { FrameAccounts, FrameSessionRequest, FrameSessionResponse } from '../../contract/fedcm.js';
import { ApiError } from '../../lib/api-error.js';
import { maskEmail, maskPhone } from '../../lib/contacts.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { vouchingDeviceKeyOf } from '../../middleware/device-key.js';
import { vouchedAccount, vouchedAccounts } from '../../services/device-accounts.js';
import { tokenResponse } from '../../services/token-response.js';

const frameSessionSchema = requestSchema<FrameSessionRequest>()(v.strictObject({ user_uuid: text(64, 'invalid_value') }));

const notFound = () => new ApiError(404, [{ error: 'account_not_found' }]);

/** Fetch Metadata: a request from one of Kirish's own pages, not a cross-site one. */
function requireSameOrigin(c: Context<AppEnv>): void {
  if (c.req.header('sec-fetch-site') !== 'same-origin') throw new ApiError(403, [{ error: 'cross_site_request' }]);
}

export function fedcmFrameRoutes({ config, storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/accounts/', async (c) => {
    requireSameOrigin(c);
    const device = vouchingDeviceKeyOf(c, config.product);
    const accounts = device === null ? [] : await vouchedAccounts(storage, device, clock.now());
    return c.json({
      accounts: accounts.map(({ user, session }): DeviceProfile => ({
        uuid: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        phone: user.phone === null ? null : maskPhone(user.phone),
        email: user.email === null || !user.emailVerified ? null : maskEmail(user.email),
        // The frame has no signed-in account of its own yet.
        is_current: false,
        has_active_session: true,
        last_seen_at: new Date(session.lastSeenAt).toISOString(),
        photo: user.photo === null ? null : `${config.publicUrl}/cdn/200x/${user.photo}`,
      })),
    } satisfies FrameAccounts);
  });

  app.post('/session/', async (c) => {
    // The body is judged first (it changes nothing), so a malformed one is told apart from a cross-site one.
    const body = await readJsonBody(c, frameSessionSchema);
    requireSameOrigin(c);
    const account = await vouchedAccount(storage, vouchingDeviceKeyOf(c, config.product), body.user_uuid, clock.now());
    if (!account) throw notFound();
    const adopted = await sessions.adopt(account.session);
    if (!adopted) throw notFound();
    return c.json(tokenResponse(account.user, adopted, await sessions.accessToken(adopted.session)) satisfies FrameSessionResponse);
  });

  return app;
}
