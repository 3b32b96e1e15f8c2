/**
 * What the two gateways of the SMS stand-in share: the options, each gateway's mode, and the timers of
 * the `slow` answers and the delivery reports, which stop with the stand-in.
 */
import {
  DEFAULT_REPORT_DELAY_MS,
  DEFAULT_SLOW_MS,
  type SmsStandinGateway,
  type SmsStandinMode,
  type SmsStandinOptions,
} from './options.js';

/** How long a report's post may take before the stand-in gives up on it. */
const REPORT_TIMEOUT_MS = 5_000;

export interface SmsStandinContext {
  options: SmsStandinOptions;
  mode(gateway: SmsStandinGateway): SmsStandinMode;
  /** Resolves after `slowMs`, or never if the stand-in stops first. */
  slowDown(): Promise<void>;
  /** Posts a delivery report `reportDelayMs` from now; one that cannot be posted is dropped, silently. */
  report(url: string, contentType: string, body: () => string): void;
}

export interface SmsStandinState {
  ctx: SmsStandinContext;
  setMode(gateway: SmsStandinGateway, mode: SmsStandinMode): void;
  /** Cancels every timer still pending: no report is posted after the stand-in stopped. */
  close(): void;
}

export function createSmsStandinState(options: SmsStandinOptions): SmsStandinState {
  const modes = new Map<SmsStandinGateway, SmsStandinMode>([
    ['eskiz', 'ok'],
    ['playmobile', 'ok'],
  ]);
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const after = (ms: number, run: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  return {
    ctx: {
      options,
      mode: (gateway) => modes.get(gateway) ?? 'ok',
      slowDown: () => new Promise((resolve) => after(options.slowMs ?? DEFAULT_SLOW_MS, resolve)),
      report(url, contentType, body) {
        after(options.reportDelayMs ?? DEFAULT_REPORT_DELAY_MS, () => {
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': contentType },
            body: body(),
            redirect: 'manual',
            signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
          })
            .then((response) => response.body?.cancel())
            .catch(() => undefined);
        });
      },
    },
    setMode: (gateway, mode) => modes.set(gateway, mode),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** A report's time as the Uzbek gateways write it: Tashkent's wall clock (UTC+5), `2026-11-22 14:00:05`. */
export function tashkentDate(epochMs: number): string {
  return new Date(epochMs + 5 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
