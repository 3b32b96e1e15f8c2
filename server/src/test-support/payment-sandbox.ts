/**
 * The payment sandbox for a test file (README, The payment sandbox): served on a free port for the file,
 * with the demo account's phone, and its tools (a new card, the crash switch, the charges) as calls.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../lib/clock.js';
import { DEMO_ACCOUNT } from '../demo-data.js';
import { startPaymentSandbox, type RunningPaymentSandbox } from '../standin/payments/sandbox.js';

export { SANDBOX_CODE, SANDBOX_MERCHANT } from '../standin/payments/sandbox.js';

/** README's test cards, by what each is for. */
export const TEST_CARDS = {
  uzcard: { number: '8600495473316478', expire: '03/99' },
  humo: { number: '9860060195406313', expire: '03/99' },
  otherPhone: { number: '8600123456789012', expire: '03/99' },
  expired: { number: '9860111122223337', expire: '01/24' },
  poor: { number: '8600777788889996', expire: '03/99' },
  blocked: { number: '9860555566667773', expire: '03/99' },
} as const;

export interface SandboxCharge {
  number: string;
  receipt: string;
  amount: number;
}

export interface PaymentSandboxUnderTest {
  origin(): string;
  /** The Subscribe API's endpoint: PAYMENT_PROCESSOR_URL. */
  apiUrl(): string;
  issueCard(phone: string, balance?: number): Promise<{ number: string; expire: string }>;
  crashAfterNextPay(): Promise<void>;
  charges(): Promise<SandboxCharge[]>;
  /** The processor's receipt named by each receipts.pay that reached the sandbox. */
  payCalls(): Promise<string[]>;
}

const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export function usePaymentSandbox(clock: Clock): PaymentSandboxUnderTest {
  let sandbox: RunningPaymentSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startPaymentSandbox(0, {
      merchant: { id: 'kirish-sandbox-merchant', key: 'kirish-sandbox-key-not-for-production' },
      clock,
      demoPhone: DEMO_ACCOUNT.phone,
    });
  });
  afterAll(() => sandbox?.stop());
  const origin = () => {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll');
    return sandbox.origin;
  };
  return {
    origin,
    apiUrl: () => `${origin()}/api`,
    async issueCard(phone, balance) {
      const answer = await post(`${origin()}/sandbox/cards`, { phone, ...(balance === undefined ? {} : { balance }) });
      const { number, expire } = (await answer.json()) as { number: string; expire: string };
      return { number, expire };
    },
    async crashAfterNextPay() {
      await post(`${origin()}/sandbox/switches`, { crash_after_next_pay: true });
    },
    async payCalls() {
      return ((await (await fetch(`${origin()}/sandbox/charges`)).json()) as { pay_calls: string[] }).pay_calls;
    },
    async charges() {
      return ((await (await fetch(`${origin()}/sandbox/charges`)).json()) as { charges: SandboxCharge[] }).charges;
    },
  };
}
