/**
 * Kirish's metrics (issue 13): what an operator graphs and alerts on. One set per process, made by
 * the entry file and handed to the app (AppDeps.metrics) and through it to what records; served in
 * Prometheus's text format at /metrics (features/operations/metrics-routes.ts, docs/deploy.md).
 * Every label takes values from a fixed set, so the number of series stays bounded.
 */
import type { SmsGatewayName } from '../config/sms-gateway-names.js';
import { createMetricsRegistry, type MetricsRegistry } from '../lib/metrics-registry.js';

export type SignInMethod = 'password' | 'code' | 'social' | 'passkey';
export type SignInOutcome = 'success' | 'failure' | 'locked';
export type RefreshOutcome = 'success' | 'reuse_detected' | 'invalid';
export type CodeChannel = 'sms' | 'call' | 'email';
export type LockScope = 'account' | 'ip';
/** The SMS gateways (config/sms-gateway-names.ts): a fixed set, so a label. */
export type SmsGatewayLabel = SmsGatewayName;

/** The database pool now (PostgreSQL's pg pool; storage/open-database.ts). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The password hashes now (lib/passwords.ts): running, and waiting for their turn. */
export interface HashStats {
  running: number;
  waiting: number;
}

export interface KirishMetrics {
  registry: MetricsRegistry;
  httpRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  signIn(method: SignInMethod, outcome: SignInOutcome): void;
  refresh(outcome: RefreshOutcome): void;
  codeSent(channel: CodeChannel): void;
  /** A sender (SMTP, the SMS gateway) refused or never took a code: the person got a 502. */
  senderFailure(channel: CodeChannel): void;
  lockout(scope: LockScope): void;
  /** An SMS gateway took a message (issue 37, senders/sms-gateway-chain.ts). */
  smsSent(gateway: SmsGatewayLabel): void;
  /** A gateway's delivery report: delivered, with the seconds from its taking the message; or failed. */
  smsDelivered(gateway: SmsGatewayLabel, seconds: number | null): void;
  smsFailed(gateway: SmsGatewayLabel): void;
  /** A gateway did not take a message and the chain went on to the next one at once. */
  smsFailover(gateway: SmsGatewayLabel): void;
  /** A gateway failed SMS_GATEWAY_FAILURES_BEFORE_SKIP times in a row and is set aside for SMS_GATEWAY_SKIP_SECONDS. */
  smsSkip(gateway: SmsGatewayLabel): void;
}

/** Seconds: from a cached answer (a few ms) to a password hash under load (about a second) and beyond. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Seconds from a gateway taking an SMS to its delivery report: usually seconds, a phone switched off hours. */
const SMS_DELIVERY_BUCKETS_SECONDS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 900, 3600] as const;

/** Anything else is `other`: a method is a label value, and a client could send any token as one. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createKirishMetrics(
  options: { poolStats?: () => PoolStats; hashStats?: () => HashStats; hashWaitsTimedOut?: () => number } = {},
): KirishMetrics {
  const registry = createMetricsRegistry();
  const httpLabels = ['method', 'route', 'status_class'] as const;
  const requests = registry.counter({
    name: 'kirish_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: httpLabels,
  });
  const latency = registry.histogram({
    name: 'kirish_http_request_duration_seconds',
    help: 'Time from a request reaching Kirish to its answer, by method, route pattern and status class.',
    labelNames: httpLabels,
    buckets: LATENCY_BUCKETS_SECONDS,
  });
  const signIns = registry.counter({
    name: 'kirish_sign_ins_total',
    help: 'Sign-ins by method (password, code, social) and outcome (success, failure, locked).',
    labelNames: ['method', 'outcome'],
  });
  const refreshes = registry.counter({
    name: 'kirish_refreshes_total',
    help: 'Refresh-token presentations by outcome (success, reuse_detected, invalid).',
    labelNames: ['outcome'],
  });
  const codes = registry.counter({
    name: 'kirish_codes_sent_total',
    help: 'One-time codes handed to a sender, by channel (sms, call, email).',
    labelNames: ['channel'],
  });
  const senderFailures = registry.counter({
    name: 'kirish_sender_failures_total',
    help: 'Codes a sender (SMTP, the SMS gateway) failed to take, by channel (sms, call, email); each answered 502.',
    labelNames: ['channel'],
  });
  const lockouts = registry.counter({
    name: 'kirish_lockouts_total',
    help: 'Locks set after failed passwords, by scope (account, ip).',
    labelNames: ['scope'],
  });
  const gatewayLabel = ['gateway'] as const;
  const smsSent = registry.counter({
    name: 'kirish_sms_sent_total',
    help: 'SMS and call codes an SMS gateway took, by gateway (eskiz, playmobile, generic).',
    labelNames: gatewayLabel,
  });
  const smsDelivered = registry.counter({
    name: 'kirish_sms_delivered_total',
    help: "Messages the gateway's delivery report says reached the phone, by gateway.",
    labelNames: gatewayLabel,
  });
  const smsFailed = registry.counter({
    name: 'kirish_sms_failed_total',
    help: "Messages the gateway's delivery report says did not reach the phone, by gateway.",
    labelNames: gatewayLabel,
  });
  const smsDeliverySeconds = registry.histogram({
    name: 'kirish_sms_delivery_seconds',
    help: 'Time from a gateway taking a message to its report of delivery, by gateway.',
    labelNames: gatewayLabel,
    buckets: SMS_DELIVERY_BUCKETS_SECONDS,
  });
  const smsFailovers = registry.counter({
    name: 'kirish_sms_failovers_total',
    help: 'Messages a gateway did not take (no answer, a timeout, a 5xx, a refusal) and the next gateway was tried, by the gateway that failed.',
    labelNames: gatewayLabel,
  });
  const smsSkips = registry.counter({
    name: 'kirish_sms_gateway_skips_total',
    help: 'Times a gateway was set aside after failing SMS_GATEWAY_FAILURES_BEFORE_SKIP times in a row, by gateway.',
    labelNames: gatewayLabel,
  });
  if (options.poolStats) {
    stateGauge(
      registry,
      'kirish_db_pool_connections',
      'Database pool: connections open (total), idle, and queries waiting for one (waiting).',
      options.poolStats,
    );
  }
  if (options.hashStats) {
    stateGauge(
      registry,
      'kirish_password_hashes',
      'Password hashes and verifications: running now (running), and waiting for a turn (waiting; PASSWORD_HASH_CONCURRENCY).',
      options.hashStats,
    );
  }
  const { hashWaitsTimedOut } = options;
  if (hashWaitsTimedOut) {
    registry.counter({
      name: 'kirish_password_hash_waits_timed_out_total',
      help: 'Password hashes and verifications that found no turn within PASSWORD_HASH_MAX_WAIT_MS: each answered 503 server_busy.',
      labelNames: [],
      collect: () => [{ labels: {}, value: hashWaitsTimedOut() }],
    });
  }

  return {
    registry,
    httpRequest({ method, route, status, seconds }) {
      const labels = {
        method: KNOWN_METHODS.has(method) ? method : 'other',
        route,
        status_class: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    signIn: (method, outcome) => signIns.inc({ method, outcome }),
    refresh: (outcome) => refreshes.inc({ outcome }),
    codeSent: (channel) => codes.inc({ channel }),
    senderFailure: (channel) => senderFailures.inc({ channel }),
    lockout: (scope) => lockouts.inc({ scope }),
    smsSent: (gateway) => smsSent.inc({ gateway }),
    smsDelivered(gateway, seconds) {
      smsDelivered.inc({ gateway });
      if (seconds !== null) smsDeliverySeconds.observe({ gateway }, seconds);
    },
    smsFailed: (gateway) => smsFailed.inc({ gateway }),
    smsFailover: (gateway) => smsFailovers.inc({ gateway }),
    smsSkip: (gateway) => smsSkips.inc({ gateway }),
  };
}

/** A gauge read at each scrape with one series per state, the label `state` naming the field of `read()`'s answer. */
function stateGauge<T extends { [K in keyof T]: number }>(
  registry: MetricsRegistry,
  name: string,
  help: string,
  read: () => T,
): void {
  registry.gauge({
    name,
    help,
    labelNames: ['state'],
    collect: () =>
      (Object.entries(read()) as Array<[string, number]>).map(([state, value]) => ({ labels: { state }, value })),
  });
}
