/**
 * OneID (id.egov.uz, the state identity system) as Kirish meets it (docs/social-sign-in.md, OneID): one
 * path for everything — GET is the authorization page (`response_type=one_code`), POST with
 * `grant_type=one_authorization_code` exchanges the code, POST with `one_access_token_identify` answers
 * the person: PINFL, names, birth date, phone.
 */
import { Hono } from 'hono';
import { randomSecret } from '../lib/secrets.js';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { authenticClient, exchangeCode, issueCodeFor } from './code-flow.js';
import type { StandinContext } from './context.js';
import { formFields } from './credentials.js';

const PATH = '/sso/oauth/Authorization.do';

export function oneidApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, PATH, {
    provider: 'oneid',
    resolve: (query, c) =>
      resolveStandard(ctx.clients.oneid, query, c, { responseType: 'one_code', delivery: 'query' }),
    approve: (c, request, identity, subject) =>
      redirectWith(
        c,
        request.redirectUri,
        { code: issueCodeFor(ctx, request, identity, subject), state: request.state },
        'query',
      ),
    deny: (c, request) =>
      redirectWith(c, request.redirectUri, { error: 'access_denied', state: request.state }, 'query'),
  });

  app.post(PATH, async (c) => {
    const form = await formFields(c);
    const refuse = (error: string, description: string) => c.json({ error, error_description: description }, 400);
    if (!authenticClient(ctx.clients.oneid, form.client_id, form.client_secret))
      return refuse('invalid_client', 'Client authentication failed');

    if (form.grant_type === 'one_authorization_code') {
      const exchange = exchangeCode(ctx, form.code, form.client_id!, form.redirect_uri);
      if ('refused' in exchange) return refuse('invalid_grant', 'Invalid or expired authorization code');
      const issued = exchange.redeem();
      return c.json({
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: ctx.secondsLeft(issued.expiresAtMs),
        refresh_token: randomSecret(24),
        scope: exchange.consent.scope,
      });
    }

    if (form.grant_type === 'one_access_token_identify') {
      const issued = ctx.grants.findToken(form.access_token ?? '');
      if (!issued || issued.consent.clientId !== form.client_id)
        return refuse('invalid_token', 'Invalid or expired access token');
      const { identity, subject } = issued.consent;
      return c.json({
        valid: 'true',
        pin: identity.pinfl,
        user_id: subject,
        full_name: `${identity.lastName} ${identity.firstName}`.trim(),
        first_name: identity.firstName,
        sur_name: identity.lastName,
        mid_name: '',
        birth_date: identity.birthDate,
        mob_phone_no: identity.phone ? identity.phone.replace(/^\+/, '') : '',
        email: identity.email ?? '',
        user_type: 'I',
        sess_id: randomSecret(12),
        ret_cd: '0',
      });
    }
    return refuse('unsupported_grant_type', 'grant_type must be one_authorization_code or one_access_token_identify');
  });
  return app;
}
