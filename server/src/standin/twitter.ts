/**
 * X's OAuth 2.0 as Kirish meets it (docs/social-sign-in.md, X): the code grant with PKCE (RFC 7636, S256
 * only), a confidential client authenticated by HTTP Basic at the token endpoint (RFC 6749 §2.3.1), then
 * `users/me`. X gives no e-mail.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { authenticClient, exchangeCode, issueCodeFor } from './code-flow.js';
import type { StandinContext } from './context.js';
import { basicCredentials, formFields, tokenFromHeader } from './credentials.js';

/** RFC 7636 §4.2: a challenge is BASE64URL(SHA256(verifier)), 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: a verifier is 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function pkceProblem(query: URLSearchParams): string | null {
  if (!query.get('scope')) return 'Missing scope';
  // RFC 7636 §4.4.1: a server that requires PKCE answers a request without it with invalid_request.
  if (query.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256';
  if (!S256_CHALLENGE.test(query.get('code_challenge') ?? '')) return 'code_challenge must be an S256 challenge';
  return null;
}

export function twitterApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, '/i/oauth2/authorize', {
    provider: 'twitter',
    resolve: (query, c) =>
      resolveStandard(ctx.clients.twitter, query, c, { responseType: 'code', delivery: 'query', check: pkceProblem }),
    approve: (c, request, identity, subject) =>
      redirectWith(
        c,
        request.redirectUri,
        {
          state: request.state,
          code: issueCodeFor(ctx, request, identity, subject, { codeChallenge: request.query.get('code_challenge') }),
        },
        'query',
      ),
    deny: (c, request) =>
      redirectWith(c, request.redirectUri, { error: 'access_denied', state: request.state }, 'query'),
  });

  app.post('/2/oauth2/token', async (c) => {
    const credentials = basicCredentials(c);
    // RFC 6749 §5.2: a client that tried HTTP Basic and failed gets 401 with the scheme to use.
    if (!authenticClient(ctx.clients.twitter, credentials?.id, credentials?.secret)) {
      c.header('WWW-Authenticate', 'Basic realm="standin"');
      return c.json({ error: 'invalid_client', error_description: 'Missing valid authorization header' }, 401);
    }
    const form = await formFields(c);
    if (form.grant_type !== 'authorization_code')
      return c.json(
        { error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code' },
        400,
      );
    if (!VERIFIER.test(form.code_verifier ?? ''))
      return c.json({ error: 'invalid_request', error_description: 'Missing or malformed code_verifier' }, 400);
    const exchange = exchangeCode(ctx, form.code, credentials!.id, form.redirect_uri);
    if ('refused' in exchange)
      return c.json(
        { error: 'invalid_grant', error_description: 'Value passed for the authorization code was invalid.' },
        400,
      );
    // RFC 7636 §4.6: the verifier must hash to the challenge of the authorization request.
    const hashed = createHash('sha256').update(form.code_verifier!).digest('base64url');
    if (hashed !== exchange.consent.codeChallenge)
      return c.json(
        { error: 'invalid_grant', error_description: 'Value passed for the code_verifier was invalid.' },
        400,
      );
    const issued = exchange.redeem();
    return c.json({
      token_type: 'bearer',
      expires_in: ctx.secondsLeft(issued.expiresAtMs),
      access_token: issued.token,
      scope: exchange.consent.scope,
    });
  });

  app.get('/2/users/me', (c) => {
    const issued = ctx.grants.findToken(tokenFromHeader(c, 'Bearer') ?? '');
    if (!issued)
      return c.json({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }, 401);
    const { identity, subject } = issued.consent;
    const fields = (c.req.query('user.fields') ?? '').split(',');
    return c.json({
      data: {
        id: subject,
        name: `${identity.firstName} ${identity.lastName}`.trim(),
        username: identity.username ?? `user${subject.slice(-6)}`,
        ...(fields.includes('profile_image_url') ? { profile_image_url: ctx.pictureUrl } : {}),
      },
    });
  });
  return app;
}
