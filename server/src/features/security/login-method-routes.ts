/**
 * GET /user/login-methods/: the ways this account can sign in — a password, a code to its phone, a
 * code to its e-mail once verified (LoginOtp takes only a verified one), and the linked provider
 * identities (issue 36), and how many passkeys (issue 41). DELETE /user/login-methods/social/{provider}/ unlinks one, never the last way
 * in (services/social/linked-identities.ts). Linking is the provider's flow begun while signed in
 * (POST /SocialAuth/{Path}/Login/ with `link: true`).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { LoginMethods } from '../../contract/login-methods.js';
import { isSocialProvider, type UnlinkResponse } from '../../contract/social.js';
import { ApiError } from '../../lib/api-error.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { linkedIdentitiesOf, unlinkIdentity } from '../../services/social/linked-identities.js';

export function loginMethodRoutes({ sessions, storage, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/login-methods/', requireAuth(sessions), requireActive, async (c) => {
    const { user } = c.get('auth');
    const identities = await linkedIdentitiesOf(storage, user.id);
    return c.json({
      password: user.passwordHash !== null,
      phone_code: user.phone !== null,
      email_code: user.email !== null && user.emailVerified,
      social: identities.map((identity) => identity.provider),
      identities,
      passkeys: (await storage.passkeys.listForUser(user.id)).length,
    } satisfies LoginMethods);
  });

  app.delete('/login-methods/social/:provider/', requireAuth(sessions), requireActive, async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) throw new ApiError(404, [{ error: 'not_found' }]);
    const { user, session } = c.get('auth');
    await unlinkIdentity(storage, clock, user, provider, { meta: c.get('meta'), sessionId: session.id });
    return c.json({} satisfies UnlinkResponse);
  });

  return app;
}
