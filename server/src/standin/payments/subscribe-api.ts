/**
 * Payme's Subscribe API as the sandbox speaks it (docs/api.md, Payments, The processor): JSON-RPC 2.0
 * over `POST /api`, every answer HTTP 200 with `result` or `error {code, message, data}`. `X-Auth: {id}`
 * (the front-end's) may create and verify cards; everything else needs `X-Auth: {id}:{key}` (the
 * merchant's back end), as Payme's published protocol says.
 */
import type { Context } from 'hono';
import { constantTimeEqual } from '../../lib/secrets.js';
import { SandboxError, type Ledger } from './ledger.js';

type Params = Record<string, unknown>;
const FRONT_END_METHODS = new Set(['cards.create', 'cards.get_verify_code', 'cards.verify']);

const card = (params: Params) => (params.card ?? {}) as Params;

function methods(ledger: Ledger): Record<string, (params: Params) => unknown> {
  return {
    'cards.create': (params) => ledger.create(card(params).number, card(params).expire),
    'cards.get_verify_code': (params) => ledger.verifyCode(params.token),
    'cards.verify': (params) => ledger.verify(params.token, params.code),
    'cards.check': (params) => ledger.check(params.token),
    'cards.remove': (params) => ledger.remove(params.token),
    'receipts.create': (params) =>
      ledger.createReceipt(params.amount, (params.account as Params | undefined)?.order_id, params.description),
    'receipts.pay': (params) => ledger.pay(params.id, params.token),
    'receipts.get': (params) => ledger.get(params.id),
    'receipts.cancel': (params) => ledger.cancel(params.id),
  };
}

/** Who X-Auth names: nobody, the cash desk's front end, or its back end with the key. */
function privilege(header: string | undefined, merchant: { id: string; key: string }): 'none' | 'front' | 'back' {
  if (header === undefined) return 'none';
  const colon = header.indexOf(':');
  if (colon < 0) return constantTimeEqual(header, merchant.id) ? 'front' : 'none';
  return constantTimeEqual(header.slice(0, colon), merchant.id) &&
    constantTimeEqual(header.slice(colon + 1), merchant.key)
    ? 'back'
    : 'none';
}

export interface SubscribeApiSwitches {
  /** Set by the tests: the next receipts.pay charges the card, then drops the connection unanswered. */
  crashAfterNextPay: boolean;
}

export function subscribeApi(ledger: Ledger, merchant: { id: string; key: string }, switches: SubscribeApiSwitches) {
  const table = methods(ledger);
  return async (c: Context) => {
    const request = (await c.req.json().catch(() => null)) as Params | null;
    const id = request?.id ?? null;
    const answer = (body: object) => c.json({ jsonrpc: '2.0', id, ...body });
    const fail = (code: number, message: string, data?: string) =>
      answer({ error: { code, message, ...(data ? { data } : {}) } });
    if (!request || typeof request.method !== 'string') return fail(-32600, 'Invalid request');
    const method = table[request.method];
    if (!method) return fail(-32601, 'Method not found', request.method);
    const granted = privilege(c.req.header('x-auth'), merchant);
    if (granted === 'none' || (granted === 'front' && !FRONT_END_METHODS.has(request.method)))
      return fail(-32504, 'Insufficient privileges to perform this method');
    try {
      const result = method((request.params ?? {}) as Params);
      if (request.method === 'receipts.pay' && switches.crashAfterNextPay) {
        switches.crashAfterNextPay = false;
        // The charge is made; the answer is lost, as when Kirish dies before it writes what it heard.
        (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket?.destroy();
      }
      return answer({ result });
    } catch (error) {
      if (error instanceof SandboxError) return fail(error.code, error.message, error.data);
      throw error;
    }
  };
}
