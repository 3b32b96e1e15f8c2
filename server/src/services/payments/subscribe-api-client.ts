/**
 * The payment processor over Payme's Subscribe API (JSON-RPC 2.0 over POST, docs/api.md, Payments, The
 * processor): the merchant's back end, so every call carries `X-Auth: {id}:{key}`. Its error codes become
 * catalogue keys; no answer at all is `ProcessorUnavailable`, since the call may have been carried out.
 * Neither the request (a card number) nor the key ever goes into an error's message.
 */
import type { ErrorKey } from '../../contract/error-keys.js';
import {
  ProcessorRefusal,
  ProcessorUnavailable,
  type PaymentProcessor,
  type ProcessorCard,
  type ProcessorReceipt,
} from './payment-processor.js';

type Json = Record<string, unknown>;

/** The processor's error codes Kirish tells apart (as the sandbox answers them, docs/api.md). */
const REFUSALS: Record<number, [ErrorKey, string?]> = {
  [-31300]: ['wrong_number', 'number'],
  [-31301]: ['wrong_expire', 'expire'],
  [-31302]: ['card_blocked'],
  [-31103]: ['code_not_valid', 'code'],
  [-31400]: ['card_not_found'],
  [-31630]: ['card_insufficient_funds'],
  [-31611]: ['receipt_not_payable'],
};

const STATES: Record<number, ProcessorReceipt['state']> = { 0: 'created', 4: 'paid', 50: 'cancelled' };

export interface SubscribeApiClientOptions {
  url: string;
  merchantId: string;
  merchantKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function card(result: Json): ProcessorCard {
  const value = result.card;
  if (!isRecord(value) || typeof value.token !== 'string' || typeof value.number !== 'string')
    throw new ProcessorUnavailable('a card answer without a card');
  return {
    token: value.token,
    maskedNumber: value.number,
    expire: typeof value.expire === 'string' ? value.expire : '',
    verified: value.verify === true,
  };
}

function receipt(result: Json): ProcessorReceipt {
  const value = result.receipt;
  const state = isRecord(value) && typeof value.state === 'number' ? STATES[value.state] : undefined;
  if (!isRecord(value) || typeof value['_id'] !== 'string' || state === undefined)
    throw new ProcessorUnavailable('a receipt answer without a known receipt');
  const paidAt = typeof value.pay_time === 'number' && value.pay_time > 0 ? value.pay_time : null;
  return { id: value['_id'], state, amount: typeof value.amount === 'number' ? value.amount : 0, paidAt };
}

export function createSubscribeApiClient(options: SubscribeApiClientOptions): PaymentProcessor {
  const fetchFn = options.fetch ?? fetch;
  let nextId = 1;

  async function call(method: string, params: Json): Promise<Json> {
    let text: string;
    try {
      const response = await fetchFn(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth': `${options.merchantId}:${options.merchantKey}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
      if (response.status !== 200) throw new ProcessorUnavailable(`${method} answered ${response.status}`);
    } catch (error) {
      if (error instanceof ProcessorUnavailable) throw error;
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProcessorUnavailable(`${method} ${timeout ? 'timed out' : 'unreachable'}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProcessorUnavailable(`${method} answered no JSON`);
    }
    if (isRecord(body) && isRecord(body.error)) {
      const code = typeof body.error.code === 'number' ? body.error.code : 0;
      const refusal = REFUSALS[code];
      if (refusal) throw new ProcessorRefusal(refusal[0], refusal[1]);
      throw new ProcessorUnavailable(`${method} failed with code ${code}`);
    }
    if (!isRecord(body) || !isRecord(body.result)) throw new ProcessorUnavailable(`${method} answered no result`);
    return body.result;
  }

  return {
    createCard: async (number, expire) => card(await call('cards.create', { card: { number, expire }, save: true })),
    async sendCode(token) {
      const result = await call('cards.get_verify_code', { token });
      if (typeof result.phone !== 'string') throw new ProcessorUnavailable('a code answer without a phone');
      return { phone: result.phone, waitMs: typeof result.wait === 'number' ? result.wait : 60_000 };
    },
    verifyCard: async (token, code) => card(await call('cards.verify', { token, code })),
    async removeCard(token) {
      await call('cards.remove', { token });
    },
    createReceipt: async ({ amount, orderId, description }) =>
      receipt(await call('receipts.create', { amount, account: { order_id: orderId }, description })),
    payReceipt: async (id, token) => receipt(await call('receipts.pay', { id, token })),
    getReceipt: async (id) => receipt(await call('receipts.get', { id })),
  };
}
