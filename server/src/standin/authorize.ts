/**
 * The authorization endpoint every provider shares in shape (RFC 6749 §3.1, §4.1.1, §4.2.1): GET shows
 * the consent page once the client and its redirect URI are known; POST `/{provider}/standin/consent`
 * (the page's form, which tests also post straight to) carries the original request back with the chosen
 * identity and answers as the provider does: a redirect, or Apple's form_post page.
 */
import type { Context, Hono } from 'hono';
import {
  PRESET_IDENTITIES,
  subjectFor,
  typedIdentity,
  type StandinIdentity,
  type TypedIdentityFields,
} from './identities.js';
import type { StandinClient, StandinProvider } from './options.js';
import { consentPage, errorPage } from './page.js';

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  query: URLSearchParams;
}

/** A request to show the page for, or why not: an error page (no redirect), or an error redirect. */
export type Resolution = { request: AuthorizeRequest } | { refuse: string } | { response: Response };

export interface AuthorizeSpec {
  provider: StandinProvider;
  resolve(query: URLSearchParams, c: Context): Resolution;
  approve(
    c: Context,
    request: AuthorizeRequest,
    identity: StandinIdentity,
    subject: string,
  ): Response | Promise<Response>;
  deny(c: Context, request: AuthorizeRequest): Response;
}

/** Serves `path` (GET) and the consent POST of one provider on its app. */
export function serveAuthorize(app: Hono, path: string, spec: AuthorizeSpec): void {
  app.get(path, (c) => {
    const query = new URL(c.req.url).searchParams;
    const resolution = spec.resolve(query, c);
    if ('refuse' in resolution) return errorPage(c, spec.provider, resolution.refuse);
    if ('response' in resolution) return resolution.response;
    const { request } = resolution;
    return consentPage(c, {
      provider: spec.provider,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      request: query.toString(),
    });
  });

  app.post('/standin/consent', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
    const query = new URLSearchParams(text('request') ?? '');
    const resolution = spec.resolve(query, c);
    if ('refuse' in resolution) return errorPage(c, spec.provider, resolution.refuse);
    if ('response' in resolution) return resolution.response;
    const { request } = resolution;
    if (text('action') === 'cancel') return spec.deny(c, request);
    const chosen = text('identity') ?? '';
    const identity =
      chosen === 'typed'
        ? typedIdentity(
            Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])) as TypedIdentityFields,
            spec.provider,
          )
        : (PRESET_IDENTITIES.find((preset) => preset.key === chosen) ?? { problem: 'Pick an identity.' });
    if ('problem' in identity)
      return consentPage(c, {
        provider: spec.provider,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        request: query.toString(),
        problem: identity.problem,
      });
    return spec.approve(c, request, identity, subjectFor(spec.provider, identity));
  });
}

/** The answer's parameters added to the redirect URI's query, or as its fragment (implicit grant, RFC 6749 §4.2.2). */
export function redirectWith(
  c: Context,
  redirectUri: string,
  params: Record<string, string | null>,
  delivery: 'query' | 'fragment',
): Response {
  const url = new URL(redirectUri);
  const answer = delivery === 'query' ? url.searchParams : new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) answer.set(name, value);
  if (delivery === 'fragment') url.hash = answer.toString();
  c.header('Cache-Control', 'no-store');
  return c.redirect(url.toString(), 302);
}

export interface StandardChecks {
  /** The `response_type` this provider's flow takes. */
  responseType: string;
  /** Where an error goes once the client is known: back to it, or (Apple) on the provider's own page. */
  delivery: 'query' | 'fragment' | 'page';
  /** A further rule of the request; its refusal is redirected as `invalid_request`. */
  check?: (query: URLSearchParams) => string | null;
}

/**
 * The checks of an OAuth 2.0 authorization request (RFC 6749 §4.1.2.1): an unknown client or a redirect
 * URI not registered for it (compared whole, §3.1.2.3) is refused on the page; anything else wrong goes
 * back to the client as an error redirect with its state.
 */
export function resolveStandard(
  clients: readonly StandinClient[] | undefined,
  query: URLSearchParams,
  c: Context,
  checks: StandardChecks,
): Resolution {
  const clientId = query.get('client_id') ?? '';
  const client = clients?.find((registered) => registered.clientId === clientId);
  if (!client) return { refuse: `No app is registered with client_id "${clientId}".` };
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!client.redirectUris.includes(redirectUri))
    return { refuse: `The redirect_uri "${redirectUri}" is not registered for ${clientId}.` };
  const state = query.get('state');
  const fail = (error: string, description: string): Resolution =>
    checks.delivery === 'page'
      ? { refuse: `${error}: ${description}` }
      : { response: redirectWith(c, redirectUri, { error, error_description: description, state }, checks.delivery) };
  if (query.get('response_type') !== checks.responseType)
    return fail('unsupported_response_type', `response_type must be ${checks.responseType}`);
  const problem = checks.check?.(query) ?? null;
  if (problem) return fail('invalid_request', problem);
  return { request: { clientId, redirectUri, state, query } };
}
