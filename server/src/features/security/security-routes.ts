/**
 * The security pages' calls under /user (issue 5, "Security"): sessions, the security log,
 * step-up proofs, passwords, contacts, sign-in methods, deactivation. Every route carries its own
 * requireAuth and requireActive (never a router-wide `*`, which would also catch the other /user
 * routers' calls, MyProfile among them).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { contactRoutes } from './contact-routes.js';
import { deactivationRoutes } from './deactivation-routes.js';
import { emailVerificationRoutes } from './email-verification-routes.js';
import { loginMethodRoutes } from './login-method-routes.js';
import { passwordRoutes } from './password-routes.js';
import { proofRoutes } from './proof-routes.js';
import { securityEventRoutes } from './security-event-routes.js';
import { sessionRoutes } from './session-routes.js';

export function securityRoutes(deps: RouteDeps) {
  const app = new Hono<AppEnv>();
  for (const routes of [
    sessionRoutes,
    securityEventRoutes,
    proofRoutes,
    passwordRoutes,
    contactRoutes,
    emailVerificationRoutes,
    loginMethodRoutes,
    deactivationRoutes,
  ]) {
    app.route('/', routes(deps));
  }
  return app;
}
