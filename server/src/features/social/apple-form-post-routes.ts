/**
 * POST /oauth/apple on the SSO origin: Apple answers with `response_mode=form_post` (docs/social-sign-in.md),
 * a cross-site POST of `code`, `state` and, the first time only, `user` (the name, which Apple gives no
 * other way). The `user` is kept with the flow its state names, and the browser is sent on with
 * `303 See Other` to the same path with `code` and `state` in the query, where the SPA reads them as it
 * reads every other provider's (docs/product.md §2). Nothing here signs anyone in.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { readFormBody } from '../../lib/form-body.js';
import type { SocialSignIn } from '../../services/social/social-sign-in.js';

export const APPLE_CALLBACK_PATH = '/oauth/apple';
const FIELD_MAX_LENGTH = 4096;
const PASSED_ON = ['code', 'state', 'error'] as const;

export function appleFormPostRoutes({ social }: Pick<RouteDeps, never> & { social: SocialSignIn }) {
  const app = new Hono<AppEnv>();
  app.post(APPLE_CALLBACK_PATH, async (c) => {
    const form = (await readFormBody(c)) ?? new URLSearchParams();
    const query = new URLSearchParams();
    for (const name of PASSED_ON) {
      const value = form.get(name);
      if (value !== null && value.length <= FIELD_MAX_LENGTH) query.set(name, value);
    }
    const state = query.get('state');
    const user = form.get('user');
    if (state !== null && user !== null && user.length <= FIELD_MAX_LENGTH && isJsonObject(user))
      await social.keepAppleUser(state, user);
    const search = query.toString();
    // In a provider's window the partner's frame opened, its opener must survive Apple's POST as it does
    // the other providers' returns (site/static-site.ts): a same-origin opener policy on this answer would
    // put the window in a browsing context group of its own, and its sign-in could not reach the frame.
    c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    return c.redirect(`${APPLE_CALLBACK_PATH}${search ? `?${search}` : ''}`, 303);
  });
  return app;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
