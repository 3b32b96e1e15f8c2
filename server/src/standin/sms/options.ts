/**
 * What the SMS gateways' stand-in is told at start (docs/sms-gateways.md, The stand-in): the accounts
 * Kirish has with Eskiz and Play Mobile, a clock for Eskiz's tokens, where a message taken goes (the dev
 * outbox, through `deliver`), and where Play Mobile's delivery reports go (the address registered with it).
 */
import type { Clock } from '../../lib/clock.js';

export type SmsStandinGateway = 'eskiz' | 'playmobile';
export const SMS_STANDIN_GATEWAYS: readonly SmsStandinGateway[] = ['eskiz', 'playmobile'];

/** The failure switch: see docs/sms-gateways.md for what each mode does. */
export type SmsStandinMode = 'ok' | 'fail' | 'slow' | 'undelivered';
export const SMS_STANDIN_MODES: readonly SmsStandinMode[] = ['ok', 'fail', 'slow', 'undelivered'];

export interface SmsStandinAccounts {
  eskiz: { email: string; password: string; from: string };
  playmobile: { login: string; password: string; originator: string };
}

/** The development credentials of docs/sms-gateways.md, fixed so that `npm start` needs no configuration. */
export const SMS_STANDIN_ACCOUNTS: SmsStandinAccounts = {
  eskiz: { email: 'kirish@standin.test', password: 'standin-eskiz', from: '4546' },
  playmobile: { login: 'kirish', password: 'standin-playmobile', originator: '3700' },
};

/** A message a gateway took: the phone in normal form (`+998…`) and the text as sent. */
export interface SmsStandinDelivery {
  gateway: SmsStandinGateway;
  to: string;
  text: string;
}

export interface SmsStandinOptions {
  accounts: SmsStandinAccounts;
  clock: Clock;
  /** Awaited before the gateway answers, so a caller reads the outbox right after its send returns. */
  deliver(message: SmsStandinDelivery): Promise<void>;
  /** Where Play Mobile posts its reports (registered with it, not per message); null: it posts none. */
  playmobileReportUrl: string | null;
  /** How long Eskiz's tokens live, on `clock`: a day unless a test says otherwise. */
  eskizTokenTtlMs?: number;
  /** How long after taking a message the gateway reports on it (real time). */
  reportDelayMs?: number;
  /** How long a `slow` gateway takes to answer (real time). */
  slowMs?: number;
}

export const DEFAULT_ESKIZ_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_REPORT_DELAY_MS = 300;
export const DEFAULT_SLOW_MS = 15_000;
