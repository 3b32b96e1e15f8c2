/**
 * POST /oauth/authorize/ (docs/product.md §7): the SPA's consent page hands over a client's authorization
 * request (RFC 6749 §4.1.1, RFC 7636 §4.3, OpenID Connect Core §3.1.2.1) with the signed-in user's
 * token, and gets back where to send the result: a redirect URI carrying a code or an error, a
 * message for the widget's parent page, the question to ask the person first, or that the person
 * must sign in again first.
 *
 * OpenID Connect Core §3.1.2.1 and §3.1.2.6: with `prompt=none` nothing is ever shown — a visitor who
 * is not signed in (a request without a token), a sign-in older than `max_age` and a consent not
 * given yet are answered `login_required` or `consent_required` at the client's verified address.
 * `prompt=login` and an exceeded `max_age` ask for a fresh sign-in, whose time the ID token carries
 * as `auth_time`. `acr_values` asking for a second factor is met, or answered as acr-requirement.ts says.
 *
 * No CORS: only the SPA, on Kirish's own origin, calls this.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { AUTHORIZE_PARAMETER_MAX_LENGTH, FRESH_SIGN_IN_SECONDS } from '../../config/policy.js';
import type { AuthorizeAnswer, AuthorizeRequest, WebMessageResponse } from '../../contract/authorize.js';
import { ApiError, TokenError, badRequest } from '../../lib/api-error.js';
import type { OAuthErrorCode } from '../../lib/oauth-error.js';
import { isSerializedOrigin } from '../../lib/origins.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { bearerToken } from '../../middleware/require-auth.js';
import { appInfoOf } from '../../services/app-info.js';
import { recordEvent } from '../../services/audit-log.js';
import { issueAuthorizationCode } from '../../services/authorization-codes.js';
import { parseScope } from '../../services/scopes.js';
import { isPendingAccount } from '../../services/social/pending-account.js';
import type { Session } from '../../storage/records.js';
import type { OAuthClient, Storage } from '../../storage/storage.js';
import { acrRequirement } from './acr-requirement.js';
import { withQuery } from './redirect-uri.js';

const parameter = text(AUTHORIZE_PARAMETER_MAX_LENGTH);

// Missing parameters arrive as empty strings from the SPA; both mean "not sent".
const authorizeSchema = requestSchema<AuthorizeRequest>()(
  v.strictObject({
    client_id: v.optional(parameter, ''),
    redirect_uri: v.optional(parameter, ''),
    response_type: v.optional(parameter, ''),
    scope: v.optional(parameter, ''),
    state: v.optional(parameter, ''),
    code_challenge: v.optional(parameter, ''),
    code_challenge_method: v.optional(parameter, ''),
    nonce: v.optional(parameter, ''),
    response_mode: v.optional(parameter, ''),
    prompt: v.optional(parameter, ''),
    max_age: v.optional(parameter, ''),
    acr_values: v.optional(parameter, ''),
    consent: v.optional(v.picklist(['allow', 'deny'], 'invalid_value')),
    deny_reason: v.optional(v.picklist(['cancelled', 'failed', 'unmet'], 'invalid_value')),
  }),
);

type AuthorizationRequest = v.InferOutput<typeof authorizeSchema>;

interface AuthorizationProblem {
  error: OAuthErrorCode;
  description: string;
}

/**
 * `fedcm`: the consent page opened by FedCM's `continue_on` (docs/fedcm.md), which hands the code to
 * the browser by IdentityProvider.resolve(); it is answered exactly as `web_message`, at the client's
 * web origins.
 */
const RESPONSE_MODES = ['query', 'web_message', 'fedcm'];
/** The response modes whose answer goes to a page of the client's web origin rather than to a redirect URI. */
const ORIGIN_MODES = ['web_message', 'fedcm'];
/** RFC 7636 §4.2: BASE64URL(SHA-256(verifier)) is always 43 characters of the URL-safe alphabet. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** OpenID Connect Core §3.1.2.1: max_age is a number of seconds (at most ten digits here). */
const MAX_AGE = /^\d{1,10}$/;

/** The values of `prompt` (OpenID Connect Core §3.1.2.1: space-delimited, case-sensitive). */
const promptsOf = (request: AuthorizationRequest): string[] => parseScope(request.prompt);

const problem = (error: OAuthErrorCode, description: string): AuthorizationProblem => ({ error, description });

/**
 * The answer to `consent: 'deny'` (RFC 6749 §4.1.2.1): `access_denied` when the person said no (here, or by
 * cancelling at the identity provider a phone app's page sent them to), `server_error` when the sign-in the
 * request waited for failed, which is not the person's choice and which the app may offer to try again.
 */
const denial = (request: AuthorizationRequest): AuthorizationProblem => {
  if (request.deny_reason === 'failed') return problem('server_error', 'The sign-in with the identity provider failed');
  if (request.deny_reason === 'unmet') return unmetAcr;
  return problem('access_denied', 'The user denied the request');
};

/** OpenID Connect Core 1.0 errata set 2 §3.1.2.6: the acr_values asked for cannot be met. */
const unmetAcr = problem(
  'unmet_authentication_requirements',
  'The sign-in does not meet the requested acr_values (a second factor)',
);

/** What is wrong with a request whose client and redirect URI are known good; null when nothing is. */
function problemOf(
  client: OAuthClient,
  request: AuthorizationRequest,
  scopes: readonly string[],
): AuthorizationProblem | null {
  if (request.response_mode !== '' && !RESPONSE_MODES.includes(request.response_mode)) {
    return problem('invalid_request', 'response_mode must be query, web_message or fedcm');
  }
  // OAuth 2.1 §4.1.1 and RFC 9700 §2.1.2: only the code flow; the implicit grant (token) is gone.
  if (request.response_type !== 'code')
    return problem('unsupported_response_type', 'Only response_type=code is supported');
  // RFC 6749 makes state optional; Kirish requires it, so that every client has CSRF protection (RFC 9700 §4.7.1).
  if (request.state === '') return problem('invalid_request', 'state is required');
  // RFC 7636 and RFC 9700 §2.1.1: PKCE with S256 for every client, confidential ones too (a secret
  // does not stop an injected code; OAuth 2.1 §7.5.1), and never the plain method, which an
  // attacker who reads the request could simply repeat. A challenge without a method means plain
  // (RFC 7636 §4.3).
  if (request.code_challenge !== '') {
    if (request.code_challenge_method !== 'S256')
      return problem('invalid_request', 'code_challenge_method must be S256');
    if (!S256_CHALLENGE.test(request.code_challenge))
      return problem('invalid_request', 'code_challenge is not an S256 challenge');
  } else if (request.code_challenge_method !== '') {
    return problem('invalid_request', 'code_challenge_method without code_challenge');
  } else {
    return problem('invalid_request', 'A PKCE code_challenge with code_challenge_method=S256 is required');
  }
  const prompts = promptsOf(request);
  // OpenID Connect Core §3.1.2.1: none with any other value is an error.
  if (prompts.includes('none') && prompts.length > 1)
    return problem('invalid_request', 'prompt=none cannot be combined with other values');
  if (request.max_age !== '' && !MAX_AGE.test(request.max_age))
    return problem('invalid_request', 'max_age must be a number of seconds');
  if (scopes.length === 0) return problem('invalid_scope', 'scope is required');
  const unknown = scopes.filter((scope) => !client.scopes.includes(scope));
  if (unknown.length > 0) return problem('invalid_scope', `Not allowed for this client: ${unknown.join(' ')}`);
  return null;
}

type Outcome = { code: string } | AuthorizationProblem;

/**
 * The authorization response, to the client's verified address only. Every response, success or
 * error, carries the exact state (RFC 6749 §4.1.2) and the issuer (RFC 9207 §2), so a client can
 * tell which request it answers and which provider answered.
 */
function respond(c: Context<AppEnv>, request: AuthorizationRequest, issuer: string, outcome: Outcome) {
  if (ORIGIN_MODES.includes(request.response_mode)) {
    const response: WebMessageResponse =
      'code' in outcome
        ? { code: outcome.code, state: request.state, iss: issuer }
        : { error: outcome.error, state: request.state, iss: issuer };
    return c.json({ response } satisfies AuthorizeAnswer);
  }
  const parameters = new URLSearchParams();
  if ('code' in outcome) {
    parameters.set('code', outcome.code);
  } else {
    parameters.set('error', outcome.error);
    parameters.set('error_description', outcome.description);
  }
  if (request.state !== '') parameters.set('state', request.state);
  parameters.set('iss', issuer);
  return c.json({ redirect_uri: withQuery(request.redirect_uri, parameters) } satisfies AuthorizeAnswer);
}

/**
 * Whether the sign-in is the fresh authentication `prompt=login` or an exceeded `max_age` asks for:
 * one made for this client's request (the SPA sends the `OauthClientId` header, docs/product.md §7), less than
 * FRESH_SIGN_IN_SECONDS ago, that has not authorized a code for the client yet. Without this a
 * `max_age=0` request could never be answered: any sign-in is some seconds old by the time it comes
 * back here.
 */
async function isFreshFor(storage: Storage, session: Session, client: OAuthClient, now: number): Promise<boolean> {
  if (session.oauthClientId !== client.id || now - session.createdAt > FRESH_SIGN_IN_SECONDS * 1000) return false;
  return !(await storage.authorizationCodes.issuedInSignIn(session.id, client.id));
}

export function authorizeRoutes({ config, storage, clock, sessions }: RouteDeps) {
  const issuer = config.publicUrl;
  const app = new Hono<AppEnv>();

  app.post('/authorize/', async (c) => {
    // A request without a token is answered only for prompt=none (below); an invalid token is 401 as
    // everywhere, so that the SPA refreshes it first.
    const token = bearerToken(c.req.header('authorization'));
    const auth = token === null ? null : await sessions.authenticate(token);
    const request = await readJsonBody(c, authorizeSchema);

    // RFC 6749 §4.1.2.1: with an unknown client or an unverified redirect URI, nothing is sent
    // anywhere; the person is told instead. Redirect URIs are compared as exact strings (RFC 9700
    // §4.1.3): a trailing slash, another case, port, query or fragment is another address.
    const client = request.client_id === '' ? undefined : await storage.clients.find(request.client_id);
    if (!client) throw badRequest('invalid_client', 'client_id');
    // The widget's answer goes by postMessage (or FedCM) to the partner's page: its origin is the address.
    const addresses = ORIGIN_MODES.includes(request.response_mode)
      ? client.webOrigins.filter(isSerializedOrigin)
      : client.redirectUris;
    if (!addresses.includes(request.redirect_uri)) throw badRequest('invalid_redirect_uri', 'redirect_uri');

    const scopes = parseScope(request.scope);
    const refused = problemOf(client, request, scopes);
    if (refused) return respond(c, request, issuer, refused);

    const prompts = promptsOf(request);
    // OpenID Connect Core §3.1.2.1: prompt=none must not show anything; what would need a page is an error.
    const silent = prompts.includes('none');
    if (!auth) {
      // A refusal needs no session (a phone app's page, whose person cancelled at the provider before signing in):
      // the request was judged above exactly as for prompt=none, so the answer goes only to a verified address,
      // and it tells the client nothing that prompt=none's login_required would not (RFC 6749 §4.1.2.1).
      if (request.consent === 'deny') return respond(c, request, issuer, denial(request));
      if (silent) return respond(c, request, issuer, problem('login_required', 'The user is not signed in'));
      throw new TokenError('not_authenticated', 'Authentication credentials were not provided.');
    }
    const { user, session } = auth;
    if (user.isInactivated) {
      if (silent) return respond(c, request, issuer, problem('login_required', 'The account is deactivated'));
      throw new ApiError(403, [{ error: 'account_inactive' }]);
    }
    // A refusal is answered whoever asks it: it gives the client nothing.
    if (request.consent === 'deny') return respond(c, request, issuer, denial(request));
    // A provider-made account whose phone is not confirmed yet is offered to no partner (as FedCM's list and
    // assertion, services/device-accounts.ts): Home confirms the phone first (docs/product.md §4). Silently, that
    // needs the person: OpenID Connect Core §3.1.2.6 `interaction_required`.
    if (isPendingAccount(user)) {
      if (silent)
        return respond(c, request, issuer, problem('interaction_required', 'The account has no confirmed phone yet'));
      throw new ApiError(403, [{ error: 'phone_confirmation_required' }]);
    }

    const now = clock.now();
    // OpenID Connect Core §3.1.2.1: an older sign-in than max_age, or prompt=login, must be made again.
    const tooOld = request.max_age !== '' && now - session.createdAt > Number(request.max_age) * 1000;
    if ((tooOld || prompts.includes('login')) && !(await isFreshFor(storage, session, client, now))) {
      if (silent) return respond(c, request, issuer, problem('login_required', 'The sign-in is older than max_age'));
      return c.json({ login_required: true } satisfies AuthorizeAnswer);
    }
    // acr_values (acr-requirement.ts): a sign-in without a second factor, when the account has one, is made
    // again (the fresh sign-in asks for the second step); without one, the page asks the person to set it up.
    // Silently, and after a fresh sign-in that still lacks it, the client is told at once.
    const acr = await acrRequirement(storage, request.acr_values, session);
    if (!acr.met) {
      if (silent || (acr.canMeet && (await isFreshFor(storage, session, client, now))))
        return respond(c, request, issuer, unmetAcr);
      if (acr.canMeet) return c.json({ login_required: true } satisfies AuthorizeAnswer);
      return c.json({ second_step_required: true, client: appInfoOf(client) } satisfies AuthorizeAnswer);
    }

    const granted = new Set((await storage.grants.listForClient(user.id, client.id)).map((grant) => grant.scope));
    const remembered = client.firstParty || scopes.every((scope) => granted.has(scope));
    const consented = request.consent === 'allow' || (remembered && !prompts.includes('consent'));
    if (!consented) {
      if (silent)
        return respond(c, request, issuer, problem('consent_required', 'The user has not consented to this request'));
      return c.json({ consent_required: true, client: appInfoOf(client), scopes } satisfies AuthorizeAnswer);
    }

    // The consent and the code are written before the answer leaves (docs/product.md §11).
    const code = await storage.transaction(async (tx) => {
      const issued = await issueAuthorizationCode(tx, {
        user,
        client,
        session,
        scopes,
        redirectUri: request.redirect_uri,
        codeChallenge: request.code_challenge,
        nonce: request.nonce || null,
        acr: acr.acr,
        now,
      });
      // As FedCM's assertion does (fedcm/assertion-routes.ts): the log names the app signed in to.
      // A silent re-authorisation (prompt=none: the app checking, on each visit, that the person is
      // still signed in) is not a sign-in the person made, and would bury the ones they did.
      if (!silent) {
        const details = { client_id: client.id, name: client.name, method: 'authorization_code' };
        await recordEvent(tx, {
          type: 'app_signed_in',
          userId: user.id,
          sessionId: session.id,
          meta: c.get('meta'),
          at: now,
          details,
        });
      }
      return issued;
    });
    return respond(c, request, issuer, { code });
  });

  return app;
}
