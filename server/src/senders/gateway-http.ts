/**
 * The SMS gateways' one way out (docs/sms-gateways.md, "What every client does"): a request with the
 * chain's timeout, and what can go wrong on the way turned into `SendFailedError` with a reason a log may
 * carry (the timeout, the system's error code, the status), never the request's body or credentials.
 */
import { SendFailedError, type SenderGateway } from './sender.js';

export type Fetch = typeof fetch;

/** Why fetch failed, as a log may say it: the timeout, or the system's error code (ECONNREFUSED …). */
export function unreachableReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `unreachable ${cause.code}` : 'unreachable';
}

export interface GatewayHttp {
  /** The answer, whatever its status; throws `SendFailedError` only when there is none (or it came too late). */
  request(url: string | URL, init: RequestInit): Promise<{ status: number; text: string }>;
}

export function gatewayHttp(gateway: SenderGateway, label: string, fetchFn: Fetch, timeoutMs: number): GatewayHttp {
  return {
    async request(url, init) {
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        const response = await fetchFn(url, { ...init, signal, redirect: 'manual' });
        // The body is read under the same timeout: a gateway that sends its headers and then stalls is slow too.
        return { status: response.status, text: await response.text() };
      } catch (error) {
        const reason = unreachableReason(error);
        throw new SendFailedError(
          `${label} ${reason === 'timeout' ? 'did not answer in time' : 'unreachable'}`,
          gateway,
          reason,
        );
      }
    },
  };
}

/** The failure of an answer by its status: what a log may say of it. */
export function statusFailure(gateway: SenderGateway, label: string, status: number): SendFailedError {
  return new SendFailedError(`${label} answered ${status}`, gateway, `status ${status}`);
}

/**
 * Eskiz and Play Mobile send SMS only: a voice-call code handed to them is refused before anything leaves
 * the machine (the chain sends calls through the gateway configured for calls), rather than sent as an SMS.
 */
export function noCalls(gateway: SenderGateway, label: string): SendFailedError {
  return new SendFailedError(`${label} makes no voice calls`, gateway, 'no voice calls');
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The phone's digits without the plus, as Eskiz and Play Mobile take it: `+998901234567` → `998901234567`. */
export function phoneDigits(normalPhone: string): string {
  return normalPhone.replace(/\D/g, '');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A report's time as both Uzbek gateways write it, `2026-11-22 14:00:05` in Tashkent (UTC+5), or ISO 8601. */
export function tashkentTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(value.trim());
  const ms = local ? Date.parse(`${local[1]}T${local[2]}${local[3] ?? ''}+05:00`) : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
