/**
 * GET /user/login-methods/: the ways this account can sign in — a password, a code to its phone, a
 * code to its e-mail once verified (LoginOtp takes only a verified one), and social providers
 * (none are linked until they come).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { LoginMethods } from '../../contract/login-methods.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';

export function loginMethodRoutes({ sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/login-methods/', requireAuth(sessions), requireActive, (c) => {
    const { user } = c.get('auth');
    return c.json({
      password: user.passwordHash !== null,
      phone_code: user.phone !== null,
      email_code: user.email !== null && user.emailVerified,
      social: [],
    } satisfies LoginMethods);
  });

  return app;
}
