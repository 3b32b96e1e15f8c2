/**
 * FedCM's ID-assertion and disconnect endpoints (W3C FedCM §idp-api-id-assertion-endpoint,
 * §idp-api-disconnect-endpoint; docs/fedcm.md). The assertion is an OAuth authorization code bound to
 * the partner's origin as its redirect URI, to the PKCE challenge and nonce the partner passed in
 * FedCM's `params`, and to the account's live sign-in on this device; the partner redeems it at
 * /oauth/token exactly as the embed frame's code. What needs more than the person's name, e-mail and
 * photo goes through Kirish's consent page (`continue_on`).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { AUTHORIZE_PARAMETER_MAX_LENGTH } from '../../config/policy.js';
import { randomSecret } from '../../lib/secrets.js';
import { vouchingDeviceKeyOf } from '../../middleware/device-key.js';
import { recordEvent } from '../../services/audit-log.js';
import { issueAuthorizationCode } from '../../services/authorization-codes.js';
import { vouchedAccount, vouchedAccounts } from '../../services/device-accounts.js';
import { parseScope } from '../../services/scopes.js';
import type { OAuthClient } from '../../storage/storage.js';
import { allowCredentialedOrigin, clientOrigin, fedcmError, isWebIdentity, readFedcmForm } from './fedcm-request.js';

/** RFC 7636 §4.2: BASE64URL(SHA-256(verifier)) is always 43 characters of the URL-safe alphabet. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const DEFAULT_SCOPE = 'openid profile';
/**
 * The scopes FedCM's own dialog discloses (name, e-mail, photo), each with the dialog's field that
 * shows it (FedCM §id-assertion: `disclosure_shown_for` names the fields the browser showed): no
 * consent page is needed for these, in the request whose dialog showed them.
 */
const DISCLOSED_BY_FIELD: ReadonlyMap<string, string | null> = new Map([
  ['openid', null],
  ['profile', 'name'],
  ['email', 'email'],
]);

/**
 * The scopes this request's dialog disclosed: none unless the browser says it showed the disclosure
 * text; when it also names the fields it showed, only the scopes of those fields. An automatic
 * re-sign-in shows no disclosure, so it discloses nothing: each scope must then be granted already.
 */
function disclosedScopes(fields: ReadonlyMap<string, string>): Set<string> {
  if (fields.get('disclosure_text_shown') !== 'true') return new Set();
  const shownFor = fields.get('disclosure_shown_for');
  const shown = shownFor === undefined ? null : new Set(shownFor.split(',').map((field) => field.trim()));
  return new Set(
    [...DISCLOSED_BY_FIELD]
      .filter(([, field]) => field === null || shown === null || shown.has(field))
      .map(([scope]) => scope),
  );
}

/** The partner's request as the widget passes it in FedCM's `params` (a JSON object). */
interface CodeParameters {
  codeChallenge: string;
  scopes: string[];
  nonce: string | null;
  state: string;
}

const parameter = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && value.length <= AUTHORIZE_PARAMETER_MAX_LENGTH ? value : null;

/** The code parameters, or null when they are malformed: no S256 challenge, a bad scope, a nonce of the wrong type. */
function codeParameters(fields: ReadonlyMap<string, string>): CodeParameters | null {
  let params: unknown = {};
  const raw = fields.get('params');
  if (raw !== undefined) {
    try {
      params = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const record = params as Record<string, unknown>;
  const challenge = parameter(record.code_challenge);
  // RFC 7636 and RFC 9700 §2.1.1: PKCE with S256 for every code, never plain.
  if (challenge === null || !S256_CHALLENGE.test(challenge) || record.code_challenge_method !== 'S256') return null;
  const scope = record.scope === undefined ? DEFAULT_SCOPE : parameter(record.scope);
  // Browsers before FedCM's `params` put the nonce at the top level: either is taken.
  const nonce = record.nonce === undefined ? (fields.get('nonce') ?? null) : parameter(record.nonce);
  if (scope === null || (record.nonce !== undefined && nonce === null)) return null;
  const scopes = parseScope(scope);
  if (scopes.length === 0) return null;
  return { codeChallenge: challenge, scopes, nonce, state: parameter(record.state) ?? randomSecret(16) };
}

export function fedcmAssertionRoutes({ config, storage, clock, grants }: RouteDeps) {
  const base = config.publicUrl;
  const app = new Hono<AppEnv>();

  /**
   * The checks both endpoints share, in the order that tells an attacker least: the request is the
   * browser's FedCM request, its Origin is exactly a registered web origin of the client it names
   * (FedCM §idp-api-id-assertion-endpoint: "the IDP MUST check the Origin header"), and only then is
   * the cookie read. An allowed origin can read every answer, errors included; any other none.
   */
  async function admit(
    c: Context<AppEnv>,
  ): Promise<{ fields: ReadonlyMap<string, string>; client: OAuthClient; origin: string } | Response> {
    const fields = await readFedcmForm(c);
    const clientId = fields?.get('client_id');
    const client = clientId === undefined ? undefined : await storage.clients.find(clientId);
    const origin = clientOrigin(c, client);
    allowCredentialedOrigin(c, origin);
    if (!isWebIdentity(c) || !fields) return fedcmError(c, base, 400, 'invalid_request');
    if (!client || origin === undefined) return fedcmError(c, base, 403, 'unauthorized_client');
    return { fields, client, origin };
  }

  app.post('/assertion/', async (c) => {
    const admitted = await admit(c);
    if (admitted instanceof Response) return admitted;
    const { fields, client, origin } = admitted;
    const now = clock.now();
    const account = await vouchedAccount(
      storage,
      vouchingDeviceKeyOf(c, config.product),
      fields.get('account_id') ?? '',
      now,
    );
    if (!account) return fedcmError(c, base, 403, 'access_denied');
    const request = codeParameters(fields);
    if (!request) return fedcmError(c, base, 400, 'invalid_request');
    // The same rule as the authorization endpoint: only scopes the client may ask for.
    if (request.scopes.some((scope) => !client.scopes.includes(scope)))
      return fedcmError(c, base, 400, 'invalid_scope');

    const { user, session } = account;
    const granted = new Set((await storage.grants.listForClient(user.id, client.id)).map((grant) => grant.scope));
    // Consent per scope: granted before, or disclosed by this request's own dialog. An earlier grant
    // of `openid` alone does not cover `profile` or `email` (RFC 6749 §3.3: scope is per grant).
    const disclosed = disclosedScopes(fields);
    const covered = request.scopes.every((scope) => granted.has(scope) || disclosed.has(scope));
    if (!client.firstParty && !covered) {
      // Kirish's consent page, in FedCM's pop-up; it answers the partner's origin as web_message does.
      const consent = new URL(`${base}/oauth`);
      const query = {
        client_id: client.id,
        redirect_uri: origin,
        response_type: 'code',
        response_mode: 'fedcm',
        scope: request.scopes.join(' '),
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        state: request.state,
        ...(request.nonce === null ? {} : { nonce: request.nonce }),
      };
      for (const [name, value] of Object.entries(query)) consent.searchParams.set(name, value);
      return c.json({ continue_on: consent.href });
    }

    const code = await storage.transaction(async (tx) => {
      const issued = await issueAuthorizationCode(tx, {
        user,
        client,
        session,
        scopes: request.scopes,
        // The partner redeems with its page's origin, as for the embed frame's web_message code.
        redirectUri: origin,
        codeChallenge: request.codeChallenge,
        nonce: request.nonce,
        // FedCM's request carries no acr_values.
        acr: null,
        now,
      });
      await recordEvent(tx, {
        type: 'app_signed_in',
        userId: user.id,
        sessionId: session.id,
        meta: c.get('meta'),
        at: now,
        details: {
          client_id: client.id,
          name: client.name,
          method: 'fedcm',
          auto_selected: fields.get('is_auto_selected') === 'true',
        },
      });
      return issued;
    });
    return c.json({ token: code });
  });

  /**
   * FedCM §idp-api-disconnect-endpoint: the partner's page calls IdentityCredential.disconnect(); the
   * app's access is taken back exactly as "Connected apps" takes it (GrantService.revoke). Only an
   * account the app is connected to is found, and only by an identifier the app was given (its id;
   * the e-mail or phone only under a grant of that scope): any other hint, signed in on this browser
   * or not, gets the very same refusal, so a partner cannot test which phones or e-mails are signed
   * in here.
   */
  app.post('/disconnect/', async (c) => {
    const admitted = await admit(c);
    if (admitted instanceof Response) return admitted;
    const { fields, client } = admitted;
    const hint = fields.get('account_hint');
    const device = vouchingDeviceKeyOf(c, config.product);
    const accounts = device === null || hint === undefined ? [] : await vouchedAccounts(storage, device, clock.now());
    let account: (typeof accounts)[number] | undefined;
    for (const candidate of accounts) {
      const { user } = candidate;
      const granted = new Set((await storage.grants.listForClient(user.id, client.id)).map((grant) => grant.scope));
      const known =
        user.id === hint ||
        (granted.has('email') && user.email !== null && user.emailVerified && user.email === hint) ||
        (granted.has('phone') && user.phone === hint);
      if (granted.size > 0 && known) account = candidate;
    }
    if (!account) return fedcmError(c, base, 403, 'access_denied');
    await grants.revoke(account.user.id, client.id, { sessionId: account.session.id, meta: c.get('meta') });
    return c.json({ account_id: account.user.id });
  });

  return app;
}
