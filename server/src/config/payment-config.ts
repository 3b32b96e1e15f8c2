/**
 * The payment processor's configuration (docs/api.md, Payments; README, Configuration): where it is
 * (PAYMENT_PROCESSOR_URL, its Subscribe API endpoint) and Kirish's merchant account there
 * (PAYMENT_MERCHANT_ID, PAYMENT_MERCHANT_KEY). Outside production an unset processor is the payment
 * sandbox on SANDBOX_PORT with its published development merchant; in production payments are offered
 * only when all three are set, and some but not all of them stop the start.
 */
import { ConfigError, readBaseUrl, readStandinPort, readTrimmed, type Env } from './read-environment.js';

export interface PaymentConfig {
  processor: { url: string; merchantId: string; merchantKey: string; sandbox: boolean } | null;
  /** Outside production, the port of the payment sandbox (SANDBOX_PORT); null in production. */
  sandboxPort: number | null;
}

const SANDBOX_PORT_DEFAULT = 8083;
const VARIABLES = ['PAYMENT_PROCESSOR_URL', 'PAYMENT_MERCHANT_ID', 'PAYMENT_MERCHANT_KEY'] as const;

/** The sandbox's published development merchant (its standin/payments/options.ts holds the same). */
export const SANDBOX_MERCHANT_ID = 'kirish-sandbox-merchant';
export const SANDBOX_MERCHANT_KEY = 'kirish-sandbox-key-not-for-production';

/** Reads the payment variables; `ports` are those the sandbox must not take, `names` says which they are. */
export function readPaymentConfig(env: Env, production: boolean, ports: number[], names: string): PaymentConfig {
  const sandboxPort = readStandinPort(env, production, 'SANDBOX_PORT', SANDBOX_PORT_DEFAULT, { ports, names });
  const url = readBaseUrl(env, 'PAYMENT_PROCESSOR_URL', production);
  const merchantId = readTrimmed(env, 'PAYMENT_MERCHANT_ID');
  const merchantKey = readTrimmed(env, 'PAYMENT_MERCHANT_KEY');
  const values = [url, merchantId, merchantKey];
  const missing = VARIABLES.filter((_, index) => values[index] === undefined);
  if (missing.length === 0)
    return {
      processor: { url: url!, merchantId: merchantId!, merchantKey: merchantKey!, sandbox: false },
      sandboxPort,
    };
  if (missing.length < VARIABLES.length)
    throw new ConfigError(
      `${missing.join(' and ')} must be set with ${VARIABLES.filter((name) => !missing.includes(name)).join(' and ')}: the payment processor needs its URL, the merchant id and its key`,
    );
  if (sandboxPort === null) return { processor: null, sandboxPort };
  return {
    processor: {
      url: `http://127.0.0.1:${sandboxPort}/api`,
      merchantId: SANDBOX_MERCHANT_ID,
      merchantKey: SANDBOX_MERCHANT_KEY,
      sandbox: true,
    },
    sandboxPort,
  };
}
