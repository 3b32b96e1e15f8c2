/**
 * The embed frame's storage-access path (docs/fedcm.md): Kirish's own page inside a partner's frame,
 * once document.requestStorageAccess() lets it send its `_idp` cookie, lists the accounts the cookie
 * vouches for and joins the live session of the one the person picks. Joining is a credential event:
 * it needs a nonce the frame asks for when the person taps the account (services/frame-join.ts), opens
 * a session of its own under that sign-in (SessionService.join: on the sessions page with the
 * partner's origin, ended with it, by "end other sessions" and by a password change) and is written
 * to the security log with the partner's origin.
 *
 * Only Kirish's own pages may call these: `Sec-Fetch-Site: same-origin` (Fetch Metadata, set by the
 * browser and by no script) is required, and no CORS header is ever sent, so no other site can read
 * an answer or make the browser send a credentialed request that passes.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { DeviceProfile } from '../../contract/device-profiles.js';
import type {
  FrameAccounts,
  FrameJoinNonce,
  FrameNonceRequest,
  FrameSessionRequest,
  FrameSessionResponse,
} from '../../contract/fedcm.js';
import { ApiError, badRequest, tooManyRequests } from '../../lib/api-error.js';
import { maskEmail, maskPhone } from '../../lib/contacts.js';
import { isSerializedOrigin } from '../../lib/origins.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { vouchingDeviceKeyOf } from '../../middleware/device-key.js';
import { recordEvent } from '../../services/audit-log.js';
import { vouchedAccount, vouchedAccounts } from '../../services/device-accounts.js';
import { consumeFrameNonce, issueFrameNonce, type FrameJoinBinding } from '../../services/frame-join.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { tokenResponse } from '../../services/token-response.js';
import { FRAME_JOIN_NONCE_TTL_SECONDS, FRAME_JOIN_NONCES_PER_MINUTE_PER_DEVICE } from '../../config/policy.js';

const partnerFields = {
  user_uuid: text(64, 'invalid_value'),
  client_id: text(256, 'invalid_client'),
  origin: text(2048, 'origin_not_allowed'),
};
const frameNonceSchema = requestSchema<FrameNonceRequest>()(v.strictObject(partnerFields));
const frameSessionSchema = requestSchema<FrameSessionRequest>()(
  // Optional in the schema so that a missing nonce is `frame_join_expired`, like a spent one.
  v.strictObject({ ...partnerFields, nonce: v.optional(text(256, 'frame_join_expired')) }),
);

const notFound = () => new ApiError(404, [{ error: 'account_not_found' }]);

/** Fetch Metadata: a request from one of Kirish's own pages, not a cross-site one. */
function requireSameOrigin(c: Context<AppEnv>): void {
  if (c.req.header('sec-fetch-site') !== 'same-origin') throw new ApiError(403, [{ error: 'cross_site_request' }]);
}

export function fedcmFrameRoutes({ config, storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const nonceLimiter = createRateLimiter(storage, clock, {
    scope: 'frame_nonce_device',
    limit: FRAME_JOIN_NONCES_PER_MINUTE_PER_DEVICE,
    windowSeconds: 60,
  });

  /**
   * The account the request's cookie vouches for, on a partner origin registered for the client
   * (exact string equality of serializations, RFC 6454 §5, as GET /oauth/embed_origin/ checks it).
   */
  async function partnerBinding(c: Context<AppEnv>, body: FrameNonceRequest) {
    const client = await storage.clients.find(body.client_id);
    if (!client) throw badRequest('invalid_client', 'client_id');
    if (!isSerializedOrigin(body.origin) || !client.webOrigins.includes(body.origin))
      throw badRequest('origin_not_allowed', 'origin');
    const device = vouchingDeviceKeyOf(c, config.product);
    const account = device === null ? undefined : await vouchedAccount(storage, device, body.user_uuid, clock.now());
    if (!account || device === null) throw notFound();
    const binding: FrameJoinBinding = { userId: account.user.id, device, clientId: client.id, origin: body.origin };
    return { account, binding };
  }

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

  // The tap on "Continue as": a nonce for that account, this device, this client and origin.
  app.post('/nonce/', async (c) => {
    const body = await readJsonBody(c, frameNonceSchema);
    requireSameOrigin(c);
    const { binding } = await partnerBinding(c, body);
    // Counted per device in the database (every instance alike): a nonce row is written per call.
    const retryAfter = await nonceLimiter.hit(binding.device);
    if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
    const nonce = await storage.transaction((tx) => issueFrameNonce(tx, binding, clock.now()));
    return c.json({ nonce, expires_in: FRAME_JOIN_NONCE_TTL_SECONDS } satisfies FrameJoinNonce);
  });

  app.post('/session/', async (c) => {
    // The body is judged first (it changes nothing), so a malformed one is told apart from a cross-site one.
    const { nonce, ...body } = await readJsonBody(c, frameSessionSchema);
    requireSameOrigin(c);
    const { account, binding } = await partnerBinding(c, body);
    const now = clock.now();
    const meta = c.get('meta');
    const joined = await storage.transaction(async (tx) => {
      await consumeFrameNonce(tx, nonce, binding, now);
      const started = await sessions.join(tx, account.session, meta, binding.origin);
      if (!started) throw notFound();
      await recordEvent(tx, {
        type: 'frame_session_joined',
        userId: account.user.id,
        sessionId: started.session.id,
        meta,
        at: now,
        details: { origin: binding.origin, client_id: binding.clientId, session_id: started.session.id },
      });
      return started;
    });
    return c.json(
      tokenResponse(account.user, joined, await sessions.accessToken(joined.session)) satisfies FrameSessionResponse,
    );
  });

  return app;
}
