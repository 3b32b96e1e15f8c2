/**
 * The rules of registering an OAuth client, shared by the Developers API (features/developers/)
 * and the operator command (scripts/clients.mjs): which names and addresses are accepted, how a
 * client id and a secret are made, and how an app is shown to its owner.
 *
 * Addresses follow contract/client-uris.ts (RFC 9700 §2.1 exact strings, RFC 6749 §3.1.2). A
 * secret is shown once and only its SHA-256 is kept (secrets carry 256 bits, so a plain hash cannot
 * be brute-forced; lib/secrets.ts); /oauth/token compares hashes in constant time.
 */
import { appNameProblem } from '../contract/app-name-rules.js';
import { CLIENT_URIS_MAX, pageUrlProblem, redirectUriProblem, webOriginProblem } from '../contract/client-uris.js';
import type { AppKind, DeveloperApp, DeveloperAppInput } from '../contract/developers.js';
import type { ErrorKey } from '../contract/error-keys.js';
import type { ErrorItem } from '../contract/errors.js';
import { ApiError } from '../lib/api-error.js';
import { randomSecret, sha256 } from '../lib/secrets.js';
import type { OAuthClient } from '../storage/storage.js';
import { isPhotoSource } from './photo-store.js';
import { SUPPORTED_SCOPES } from './scopes.js';

/** Makes a leaked secret recognisable to secret scanners and to the person who finds it in a log. */
export const CLIENT_SECRET_PREFIX = 'kirish_secret_';

/** The size the consent screen and the Developers list show a logo at (services/photo-store.ts IMAGE_SIZES). */
const LOGO_SIZE = '200x';
const LOGO_PATH_PREFIX = `/cdn/${LOGO_SIZE}/`;

/** The registrable fields of an app, checked and in the form they are stored in. */
export interface ClientFields {
  name: string;
  homePage: string;
  privacyPolicyUrl: string;
  termsUrl: string | null;
  redirectUris: string[];
  webOrigins: string[];
  postLogoutRedirectUris: string[];
}

export type ClientFieldsInput = Omit<DeveloperAppInput, 'kind'>;

/** A new secret and the only thing stored of it. */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = `${CLIENT_SECRET_PREFIX}${randomSecret(32)}`;
  return { secret, hash: sha256(secret) };
}

/** A public identifier (RFC 6749 §2.2): random, so that it says nothing about who registered it. */
export function newClientId(): string {
  return `app_${randomSecret(15)}`;
}

function checkList(
  values: readonly string[],
  field: string,
  problemOf: (value: string) => ErrorKey | null,
  errors: ErrorItem[],
): string[] {
  const unique = [...new Set(values)];
  if (unique.length > CLIENT_URIS_MAX) errors.push({ error: 'too_many_uris', field });
  const problems = new Set(unique.map(problemOf).filter((problem) => problem !== null));
  for (const error of problems) errors.push({ error, field });
  return unique;
}

function checkPage(
  value: string | null | undefined,
  field: string,
  required: boolean,
  allowLoopbackHttp: boolean,
  errors: ErrorItem[],
): string | null {
  if (value === null || value === undefined || value === '') {
    if (required) errors.push({ error: 'field_required', field });
    return null;
  }
  const problem = pageUrlProblem(value, allowLoopbackHttp);
  if (problem) {
    errors.push({ error: problem, field });
    return null;
  }
  return new URL(value).href;
}

/**
 * The fields as they will be stored, or a 400 naming every problem with its field.
 * `allowLoopbackHttp` is true outside production (contract/client-uris.ts).
 */
export function clientFieldsOf(input: ClientFieldsInput, allowLoopbackHttp: boolean): ClientFields {
  const errors: ErrorItem[] = [];
  const name = input.name.trim();
  // Controls, bidi overrides and invisible characters would let a name on the consent screen pose as another's.
  const nameProblem = appNameProblem(name);
  if (nameProblem !== null) errors.push({ error: nameProblem, field: 'name' });

  const homePage = checkPage(input.home_page, 'home_page', true, allowLoopbackHttp, errors);
  const privacyPolicyUrl = checkPage(input.privacy_policy_url, 'privacy_policy_url', true, allowLoopbackHttp, errors);
  const termsUrl = checkPage(input.terms_url, 'terms_url', false, allowLoopbackHttp, errors);
  const redirectUris = checkList(
    input.redirect_uris,
    'redirect_uris',
    (uri) => redirectUriProblem(uri, allowLoopbackHttp),
    errors,
  );
  const webOrigins = checkList(
    input.web_origins,
    'web_origins',
    (origin) => webOriginProblem(origin, allowLoopbackHttp),
    errors,
  );
  // Where logout returns to is matched exactly too (OpenID Connect RP-Initiated Logout 1.0 §3), so the same rules.
  const postLogoutRedirectUris = checkList(
    input.post_logout_redirect_uris ?? [],
    'post_logout_redirect_uris',
    (uri) => redirectUriProblem(uri, allowLoopbackHttp),
    errors,
  );
  // With neither, the app could not receive a sign-in at all.
  if (redirectUris.length === 0 && webOrigins.length === 0)
    errors.push({ error: 'redirect_or_origin_required', field: 'redirect_uris' });

  if (errors.length > 0 || homePage === null || privacyPolicyUrl === null) throw new ApiError(400, errors);
  return { name, homePage, privacyPolicyUrl, termsUrl, redirectUris, webOrigins, postLogoutRedirectUris };
}

export interface NewClient {
  fields: ClientFields;
  kind: AppKind;
  ownerId: string | null;
  /** Only the operator registers first-party apps: they skip the consent screen. */
  firstParty: boolean;
  at: number;
}

/** A new client record and, for a confidential one, its first secret (shown once). */
export function newClient({ fields, kind, ownerId, firstParty, at }: NewClient): {
  client: OAuthClient;
  secret: string | null;
} {
  const secret = kind === 'confidential' ? newClientSecret() : null;
  const client: OAuthClient = {
    id: newClientId(),
    name: fields.name,
    logoUrl: null,
    homePage: fields.homePage,
    privacyPolicyUrl: fields.privacyPolicyUrl,
    termsUrl: fields.termsUrl,
    redirectUris: fields.redirectUris,
    webOrigins: fields.webOrigins,
    scopes: [...SUPPORTED_SCOPES],
    postLogoutRedirectUris: fields.postLogoutRedirectUris,
    firstParty,
    kind,
    secretHash: secret?.hash ?? null,
    secretCreatedAt: secret ? at : null,
    ownerId,
    createdAt: at,
    updatedAt: at,
  };
  return { client, secret: secret?.secret ?? null };
}

/** The served address of an uploaded logo (GET /cdn/{size}/{source}). */
export const logoUrlOf = (source: string): string => `${LOGO_PATH_PREFIX}${source}`;

/** The stored image behind a logo URL this module made, or null for any other (a seeded client's own URL). */
export function logoSourceOf(logoUrl: string | null): string | null {
  if (!logoUrl?.startsWith(LOGO_PATH_PREFIX)) return null;
  const source = logoUrl.slice(LOGO_PATH_PREFIX.length);
  return isPhotoSource(source) ? source : null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An app as its owner (or the operator) sees it: never its secret's hash. */
export function developerAppView(client: OAuthClient): DeveloperApp {
  return {
    client_id: client.id,
    name: client.name,
    logo_url: client.logoUrl,
    home_page: client.homePage ?? '',
    privacy_policy_url: client.privacyPolicyUrl ?? '',
    terms_url: client.termsUrl,
    redirect_uris: [...client.redirectUris],
    web_origins: [...client.webOrigins],
    post_logout_redirect_uris: [...client.postLogoutRedirectUris],
    kind: client.kind,
    has_secret: client.secretHash !== null,
    secret_created_at: client.secretCreatedAt === null ? null : iso(client.secretCreatedAt),
    created_at: iso(client.createdAt),
    updated_at: iso(client.updatedAt),
  };
}
