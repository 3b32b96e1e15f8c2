/**
 * /sso/api/v1/SocialAuth/Integration/ (the `integration` step: proof of the existing account an
 * identity's e-mail or phone belongs to, services/social/social-integration.ts) and ConfirmPhone/ (the
 * pending-user confirmation, services/social/pending-account.ts). The HTTP edge only.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ConfirmPhoneRequest, IntegrationCodeRequest, IntegrationRequest } from '../../contract/social.js';
import { isOtpCode } from '../../contract/verification.js';
import { badRequest } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { bindDevice, renewIdpCookie } from '../../middleware/device-key.js';
import { countSignIns } from '../../middleware/count-sign-ins.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { phoneField, saveField } from '../../services/contact-fields.js';
import { confirmPendingPhone } from '../../services/social/pending-account.js';
import type { SocialSignIn } from '../../services/social/social-sign-in.js';
import { readBinding } from './binding-cookie.js';

const tokenField = v.pipe(v.string('social_state_mismatch'), v.maxLength(128, 'social_state_mismatch'));

const codeRequestSchema = requestSchema<IntegrationCodeRequest>()(
  v.strictObject({
    token: tokenField,
    method: v.optional(v.picklist(['sms', 'call'], 'invalid_method'), 'sms'),
  }),
);
const integrationSchema = requestSchema<IntegrationRequest>()(
  v.strictObject({
    token: tokenField,
    password: v.optional(v.pipe(v.string('invalid_value'), v.maxLength(1024, 'invalid_credentials'))),
    code: v.optional(v.pipe(v.string('invalid_code'), v.check(isOtpCode, 'invalid_code'))),
    save: saveField,
  }),
);
const confirmPhoneSchema = requestSchema<ConfirmPhoneRequest>()(
  v.strictObject({
    phone: phoneField,
    request_id: v.pipe(v.string('request_id_error'), v.maxLength(128, 'request_id_error')),
  }),
);

export function integrationRoutes(deps: RouteDeps & { social: SocialSignIn }) {
  const { config, sessions, social, metrics, storage, clock, otp } = deps;
  const app = new Hono<AppEnv>();

  app.post('/Integration/code/', async (c) => {
    const body = await readJsonBody(c, codeRequestSchema);
    const { ip, locale } = c.get('meta');
    const binding = readBinding(c, config.product);
    return c.json(await social.sendIntegrationCode({ token: body.token, binding, method: body.method, ip, locale }));
  });

  // A proven link signs the account in: its session records the device as LoginUser's does.
  app.post(
    '/Integration/',
    countSignIns(metrics, 'social'),
    bindDevice({ product: config.product, storage }),
    async (c) => {
      const body = await readJsonBody(c, integrationSchema);
      // Exactly one proof: the password or the code.
      if ((body.password === undefined) === (body.code === undefined)) throw badRequest('field_required', 'password');
      const proof = body.password !== undefined ? { password: body.password } : { code: body.code ?? '' };
      return c.json(
        await social.proveIntegration({
          token: body.token,
          binding: readBinding(c, config.product),
          proof,
          save: body.save,
          meta: c.get('meta'),
        }),
      );
    },
  );

  app.post('/ConfirmPhone/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, confirmPhoneSchema);
    const { user, session } = c.get('auth');
    const answer = await confirmPendingPhone(
      { storage, clock, otp },
      user,
      { phone: body.phone, requestId: body.request_id },
      { meta: c.get('meta'), sessionId: session.id },
    );
    // The account's sign-in is finished now, so partners are offered it (services/device-accounts.ts): the browser
    // is told someone is signed in (Login Status API), and gets the `_idp` cookie back had a logout of the
    // device's last finished account expired it meanwhile.
    renewIdpCookie(c, config.product);
    return c.json(answer);
  });

  return app;
}
