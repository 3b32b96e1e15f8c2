/**
 * GET and POST /oauth/logout/: RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). The
 * client sends the ID token it holds as `id_token_hint`; the OAuth session that token names (its
 * `sid`) ends, if it belongs to that client and user. The browser then goes back to a registered
 * post-logout URI, or sees a short "Signed out" page. The user's sign-in to Kirish itself lives in
 * the SPA and is not touched.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { readFormBody } from '../../lib/form-body.js';
import { parseWith, v } from '../../lib/validation.js';
import { withQuery } from './redirect-uri.js';

const optional = v.optional(v.pipe(v.string('invalid_value'), v.maxLength(4096, 'field_too_long')), '');

const logoutSchema = v.strictObject({
  id_token_hint: optional,
  post_logout_redirect_uri: optional,
  state: optional,
  client_id: optional,
  // Defined by the specification; read and not needed here.
  logout_hint: optional,
  ui_locales: optional,
});

/** The parameters of the query (GET) or of the form body (POST, §3 of the specification); each at most once. */
async function logoutParameters(c: Context<AppEnv>): Promise<Record<string, string>> {
  let entries: Array<[string, string]>;
  if (c.req.method === 'POST') {
    const form = await readFormBody(c);
    if (!form) throw new ApiError(415, [{ error: 'unsupported_media_type' }]);
    entries = [...form];
  } else {
    entries = Object.entries(c.req.queries()).flatMap(([name, values]) =>
      values.map((value): [string, string] => [name, value]),
    );
  }
  const parameters: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (Object.hasOwn(parameters, name)) throw badRequest('invalid_value', name);
    parameters[name] = value;
  }
  return parameters;
}

export function logoutRoutes({ storage, sessions, idTokens }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.on(['GET', 'POST'], '/logout/', async (c) => {
    const request = parseWith(logoutSchema, await logoutParameters(c));

    // §2: the hint must be an ID token this provider issued; an expired one is fine.
    const hint = request.id_token_hint === '' ? null : await idTokens.readHint(request.id_token_hint);
    if (request.id_token_hint !== '' && !hint) throw badRequest('invalid_id_token_hint', 'id_token_hint');
    // §2: when both are sent, the client_id must be the one the ID token was issued to.
    if (hint && request.client_id !== '' && request.client_id !== hint.aud)
      throw badRequest('invalid_client', 'client_id');
    const clientId = hint?.aud ?? request.client_id;
    const client = clientId === '' ? undefined : await storage.clients.find(clientId);
    if (request.client_id !== '' && !client) throw badRequest('invalid_client', 'client_id');

    if (hint?.sid) {
      const session = await storage.sessions.findById(hint.sid);
      if (session?.kind === 'oauth' && session.userId === hint.sub && session.oauthClientId === hint.aud) {
        await sessions.end(session.id, 'rp_logout');
      }
    }

    // §3: only to a URI registered for the client, compared exactly; never to an address the request made up.
    const target = request.post_logout_redirect_uri;
    if (client && target !== '' && client.postLogoutRedirectUris.includes(target)) {
      return c.redirect(
        request.state === '' ? target : withQuery(target, new URLSearchParams({ state: request.state })),
        302,
      );
    }
    return c.text('Signed out', 200);
  });

  return app;
}
