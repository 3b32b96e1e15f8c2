/**
 * What every provider client (./{provider}.ts) shares: one way to call a provider over HTTP and read its
 * answer, the two ways a provider flow fails, and the contacts made into Kirish's shape.
 *
 * A call has a timeout, sends JSON or a form, never follows a redirect (a token endpoint that redirects
 * is misconfigured or hostile: the token would go where the redirect says), and answers the status with
 * the body as a JSON object. A provider that cannot be reached, times out, redirects, answers 5xx, or
 * a 2xx that is not a JSON object fails the sign-in with `social_login_failed`; the caller decides what a
 * 4xx means (usually `social_token_invalid`), with its JSON body or an empty one. Neither is ever a 500. A failure's log line names the provider,
 * the endpoint and the reason: never a URL (its query may carry a token or a secret), a token or a code.
 */
import { normalizeEmail, normalizePhone } from '../../contract/contact-rules.js';
import type { SocialProvider } from '../../contract/social.js';
import { SOCIAL_PROVIDER_TIMEOUT_MS } from '../../config/policy.js';
import { ApiError } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { LogFields } from '../../lib/json-log.js';
import type { SocialIdentity } from './provider-client.js';

export interface ProviderClientDeps {
  clock: Clock;
  /** The global fetch unless a test gives another. */
  fetch?: typeof fetch;
  /** Where a provider's failure is told (a warning line); never given a token, code, secret or URL. */
  log?: (message: string, fields: LogFields) => void;
  timeoutMs?: number;
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The provider could not be reached or answered nonsense. */
export const loginFailed = (): ApiError => new ApiError(400, [{ error: 'social_login_failed' }]);
/** The provider refused, or its proof (audience, signature, hash, nonce, age) does not hold. */
export const tokenInvalid = (): ApiError => new ApiError(400, [{ error: 'social_token_invalid' }]);

/** Why fetch failed, as a log may say it: the timeout, or the system's error code (ECONNREFUSED …). */
function unreachableReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `unreachable ${cause.code}` : 'unreachable';
}

export interface ProviderHttp {
  /** Calls `url` (`endpoint` names it in a log line); answers a 2xx or 4xx JSON object, throws `loginFailed` otherwise. */
  call(endpoint: string, url: string, request?: ProviderRequest): Promise<ProviderAnswer>;
  /** Logs why the provider's answer is refused and gives the `social_token_invalid` error to throw. */
  refused(endpoint: string, reason: string): ApiError;
  /** Logs why the provider's answer is nonsense and gives the `social_login_failed` error to throw. */
  failed(endpoint: string, reason: string): ApiError;
}

export function createProviderHttp(provider: SocialProvider, deps: ProviderClientDeps): ProviderHttp {
  const fetchImpl = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? SOCIAL_PROVIDER_TIMEOUT_MS;
  const tell = (message: string, endpoint: string, reason: string) =>
    deps.log?.(message, { provider, endpoint, reason });
  const failed = (endpoint: string, reason: string) => {
    tell('social provider failed', endpoint, reason);
    return loginFailed();
  };
  const refused = (endpoint: string, reason: string) => {
    tell('social provider refused', endpoint, reason);
    return tokenInvalid();
  };

  return {
    failed,
    refused,
    async call(endpoint, url, request = {}) {
      const target = new URL(url);
      for (const [name, value] of Object.entries(request.query ?? {})) target.searchParams.set(name, value);
      let response: Response;
      try {
        response = await fetchImpl(target, {
          method: request.method ?? (request.form ? 'POST' : 'GET'),
          headers: { accept: 'application/json', ...request.headers },
          body: request.form ? new URLSearchParams(request.form) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw failed(endpoint, unreachableReason(error));
      }
      if (response.status < 200 || (response.status >= 300 && response.status < 400) || response.status >= 500) {
        await response.body?.cancel();
        throw failed(endpoint, `status ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (typeof body === 'object' && body !== null && !Array.isArray(body))
        return { status: response.status, body: body as Record<string, unknown> };
      // A 4xx is the provider's refusal whatever its body says (Yandex's 401 has none); a 2xx must be an object.
      if (response.status >= 400) return { status: response.status, body: {} };
      throw failed(endpoint, `status ${response.status}, not a JSON object`);
    },
  };
}

/** A string field of a provider's answer; a number (VK's and Telegram's ids) as its decimal digits. */
export function readText(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/** A nested object of a provider's answer (`picture.data`, `default_phone`), or null. */
export function readObject(body: unknown, key: string): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Providers say "verified" as `true` or as the string `"true"` (Google's tokeninfo, Apple's ID token). */
export function readFlag(body: unknown, key: string): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[key];
  return value === true || value === 'true';
}

/** Lower case, or null when it is not an e-mail address (contract/contact-rules.ts). */
export function providerEmail(raw: string | null): string | null {
  return raw === null ? null : normalizeEmail(raw);
}

/** An Uzbek number as the digits `998XXXXXXXXX`, or null (a number Kirish cannot send a code to is not kept). */
export function providerPhone(raw: string | null): string | null {
  const phone = raw === null ? null : normalizePhone(raw);
  return phone === null ? null : phone.slice(1);
}

/** `{base}{path}` when the provider's endpoints are overridden (or the stand-in), the real URL otherwise. */
export function endpointUrl(baseUrl: string | null, realUrl: string): string {
  if (baseUrl === null) return realUrl;
  return `${baseUrl}${new URL(realUrl).pathname}`;
}

/** `url` with `params` in its query. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}

/** A person with what a provider did not say left empty (provider-client.ts, SocialIdentity). */
export function identityOf(
  provider: SocialProvider,
  subject: string,
  known: Partial<Omit<SocialIdentity, 'provider' | 'subject'>>,
): SocialIdentity {
  return {
    provider,
    subject,
    email: null,
    emailVerified: false,
    phone: null,
    phoneVerified: false,
    firstName: '',
    lastName: '',
    display: null,
    pictureUrl: null,
    pinfl: null,
    birthDate: null,
    ...known,
  };
}

/** A token, code or id a provider answered: a non-empty string of printable characters, or null. */
export function readToken(body: unknown, key: string): string | null {
  const value = readText(body, key);
  return value !== null && /^[\x21-\x7e]{1,16384}$/.test(value) ? value : null;
}
