/**
 * The sandbox's memory: its cards, the tokens it issued for them and the receipts, with what Payme's
 * Subscribe API does to each (README, The payment sandbox). Errors are Payme's JSON-RPC errors, thrown as
 * `SandboxError` with its code; the codes are those of docs/api.md's Payments section, as assumed there.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { brandOf, luhnValid, maskCardPhone, maskNumber, newCardNumber, testCards, type SandboxCard } from './cards.js';
import { SANDBOX_CODE } from './options.js';

export class SandboxError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
  }
}

/** Payme's receipt states: created, paid, cancelled. */
export const RECEIPT_STATE = { created: 0, paid: 4, cancelled: 50 } as const;

interface Token {
  number: string;
  verified: boolean;
}

/** Held under `id`; Payme's answers name it `_id` (`wire`). */
export interface SandboxReceipt {
  id: string;
  create_time: number;
  pay_time: number;
  cancel_time: number;
  state: number;
  amount: number;
  account: { name: string; value: string }[];
  description: string;
  card: { number: string; expire: string } | null;
}

/** The receipt as Payme's answers carry it. */
const wire = ({ id, ...rest }: SandboxReceipt) => ({ ['_id']: id, ...rest });

const expireOf = (mmyy: string) => `${mmyy.slice(0, 2)}/${mmyy.slice(2)}`;

/** Whether MMYY is before the month of `nowMs` (a card is good through the last day of its month). */
function expired(mmyy: string, nowMs: number): boolean {
  const now = new Date(nowMs);
  const year = 2000 + Number(mmyy.slice(2));
  const month = Number(mmyy.slice(0, 2));
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export function createLedger(clock: Clock, demoPhone: string) {
  const cards = new Map(testCards(demoPhone).map((card) => [card.number, card]));
  const tokens = new Map<string, Token>();
  const receipts = new Map<string, SandboxReceipt>();
  /** How many charges each card took: the tests count them. */
  const charges: { number: string; receipt: string; amount: number }[] = [];
  /** Every receipts.pay that named a receipt, charged or not: the tests count what reached the processor. */
  const payCalls: string[] = [];

  const tokenOf = (token: unknown): Token & { card: SandboxCard } => {
    const found = typeof token === 'string' ? tokens.get(token) : undefined;
    const card = found && cards.get(found.number);
    if (!found || !card) throw new SandboxError(-31400, 'Card not found', 'token');
    return { ...found, card };
  };
  const cardView = (token: string, entry: Token) => {
    const card = cards.get(entry.number);
    return {
      number: maskNumber(entry.number),
      expire: expireOf(card?.expire ?? '0000'),
      token,
      recurrent: true,
      verify: entry.verified,
      type: brandOf(entry.number) === 'humo' ? 'humo' : 'uzcard',
    };
  };
  const receiptOf = (id: unknown): SandboxReceipt => {
    const receipt = typeof id === 'string' ? receipts.get(id) : undefined;
    if (!receipt) throw new SandboxError(-31602, 'Receipt not found', 'id');
    return receipt;
  };

  return {
    charges,
    payCalls,
    issueCard(phone: string, balance: number, expire: string): SandboxCard {
      const number = newCardNumber('uzcard', (candidate) => cards.has(candidate));
      const card = { number, expire, phone, balance, blocked: false };
      cards.set(number, card);
      return card;
    },
    create(number: unknown, expire: unknown) {
      if (typeof number !== 'string' || !luhnValid(number) || brandOf(number) === null || !cards.has(number))
        throw new SandboxError(-31300, 'Card number is wrong', 'number');
      const card = cards.get(number) as SandboxCard;
      if (typeof expire !== 'string' || expire !== card.expire || expired(card.expire, clock.now()))
        throw new SandboxError(-31301, 'Card expiry is wrong or the card has expired', 'expire');
      if (card.blocked) throw new SandboxError(-31302, 'Card is blocked', 'number');
      const token = randomBytes(24).toString('base64url');
      const entry = { number, verified: false };
      tokens.set(token, entry);
      return { card: cardView(token, entry) };
    },
    verifyCode(token: unknown) {
      const { card } = tokenOf(token);
      return { sent: true, phone: maskCardPhone(card.phone), wait: 60_000 };
    },
    verify(token: unknown, code: unknown) {
      const entry = tokenOf(token);
      if (code !== SANDBOX_CODE) throw new SandboxError(-31103, 'Wrong code', 'code');
      const stored = tokens.get(token as string) as Token;
      stored.verified = true;
      return { card: cardView(token as string, { ...entry, verified: true }) };
    },
    check(token: unknown) {
      const entry = tokenOf(token);
      return { card: cardView(token as string, entry) };
    },
    remove(token: unknown) {
      tokenOf(token);
      tokens.delete(token as string);
      return { success: true };
    },
    createReceipt(amount: unknown, orderId: unknown, description: unknown) {
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 100)
        throw new SandboxError(-31611, 'Amount is wrong', 'amount');
      const receipt: SandboxReceipt = {
        id: randomBytes(12).toString('hex'),
        create_time: clock.now(),
        pay_time: 0,
        cancel_time: 0,
        state: RECEIPT_STATE.created,
        amount,
        account: typeof orderId === 'string' ? [{ name: 'order_id', value: orderId }] : [],
        description: typeof description === 'string' ? description : '',
        card: null,
      };
      receipts.set(receipt.id, receipt);
      return { receipt: wire(receipt) };
    },
    pay(id: unknown, token: unknown) {
      const receipt = receiptOf(id);
      payCalls.push(receipt.id);
      const { card, verified } = tokenOf(token);
      if (receipt.state !== RECEIPT_STATE.created)
        throw new SandboxError(-31611, 'The receipt cannot be paid in its state', 'id');
      if (!verified) throw new SandboxError(-31400, 'Card is not verified', 'token');
      if (card.blocked) throw new SandboxError(-31302, 'Card is blocked', 'token');
      if (expired(card.expire, clock.now())) throw new SandboxError(-31301, 'Card has expired', 'token');
      if (card.balance < receipt.amount) throw new SandboxError(-31630, 'Insufficient funds', 'token');
      card.balance -= receipt.amount;
      charges.push({ number: card.number, receipt: receipt.id, amount: receipt.amount });
      Object.assign(receipt, {
        state: RECEIPT_STATE.paid,
        pay_time: clock.now(),
        card: { number: maskNumber(card.number), expire: expireOf(card.expire) },
      });
      return { receipt: wire(receipt) };
    },
    get(id: unknown) {
      return { receipt: wire(receiptOf(id)) };
    },
    cancel(id: unknown) {
      const receipt = receiptOf(id);
      if (receipt.state === RECEIPT_STATE.paid) {
        const charge = charges.find((entry) => entry.receipt === receipt.id);
        const card = charge && cards.get(charge.number);
        if (card && charge) card.balance += charge.amount;
      }
      Object.assign(receipt, { state: RECEIPT_STATE.cancelled, cancel_time: clock.now() });
      return { receipt: wire(receipt) };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
