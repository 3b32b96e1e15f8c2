/**
 * The SMS gateways' stand-in for a test file (docs/sms-gateways.md, The stand-in): served on a free port
 * with a hand-moved clock and the development accounts, what it delivered (its "outbox"), a local HTTP
 * listener taking the delivery reports it posts, and a fetch that records every call a client makes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { SMS_STANDIN_ACCOUNTS, type SmsStandinDelivery } from '../standin/sms/options.js';
import { startSmsStandin, type RunningSmsStandin } from '../standin/sms/sms-standin.js';

export { SMS_STANDIN_ACCOUNTS } from '../standin/sms/options.js';

export const STANDIN_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface ReceivedReport {
  path: string;
  contentType: string;
  body: string;
}

export interface SmsStandinUnderTest {
  origin(): string;
  running(): RunningSmsStandin;
  /** The stand-in's clock (its tokens' expiry). */
  clock: ManualClock;
  delivered: SmsStandinDelivery[];
  reports: ReceivedReport[];
  /** The listener's address for a path: Eskiz's `callback_url`, and Play Mobile's registered address. */
  reportUrl(path: string): string;
  /** Resolves once `count` reports have arrived (rejects after two seconds). */
  reportsArrived(count: number): Promise<ReceivedReport[]>;
}

export function useSmsStandin(): SmsStandinUnderTest {
  const clock = createManualClock();
  const delivered: SmsStandinDelivery[] = [];
  const reports: ReceivedReport[] = [];
  const waiting: Array<() => void> = [];
  let running: RunningSmsStandin | undefined;
  let listener: Server | undefined;
  let listenerOrigin = '';

  beforeAll(async () => {
    listener = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        reports.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', body });
        response.writeHead(200).end();
        for (const wake of waiting.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve));
    listenerOrigin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    running = await startSmsStandin(0, {
      accounts: SMS_STANDIN_ACCOUNTS,
      clock,
      deliver: async (message) => {
        delivered.push(message);
      },
      playmobileReportUrl: `${listenerOrigin}/reports/playmobile`,
      eskizTokenTtlMs: STANDIN_TOKEN_TTL_MS,
      reportDelayMs: 20,
      slowMs: 2_000,
    });
  });
  afterEach(() => {
    running?.setMode('eskiz', 'ok');
    running?.setMode('playmobile', 'ok');
    delivered.length = 0;
    reports.length = 0;
  });
  afterAll(async () => {
    await running?.stop();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  });

  return {
    origin: () => running!.origin,
    running: () => running!,
    clock,
    delivered,
    reports,
    reportUrl: (path) => `${listenerOrigin}${path}`,
    reportsArrived(count) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`${reports.length} of ${count} reports arrived`)), 2_000);
        const check = () => {
          if (reports.length >= count) {
            clearTimeout(deadline);
            resolve([...reports]);
          } else waiting.push(check);
        };
        check();
      });
    },
  };
}

/** A fetch that records `METHOD path` of every request a client makes, and their answers' statuses. */
export function recordingFetch(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const response = await fetch(input, init);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname} ${response.status}`);
      return response;
    },
  };
}

/** An origin on loopback where nothing listens any more: a connection there is refused (ECONNREFUSED). */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
