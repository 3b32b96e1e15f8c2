/**
 * Adding a card: the number (4-4-4-4) and the expiry (MM/YY), checked by the contract's rules before
 * they leave; the processor sends a code to the card's phone (POST cards), then the code (POST
 * cards/verify) saves it. The code step is the product's own (code-sender.ts, CodeStep): its countdown,
 * "send again" (the card asked for again) and the one submit rule of code fields.
 */
import { signal } from '@preact/signals-react';
import type { CatalogueKey, ErrorKey } from '../../../../server/src/contract/error-keys.js';
import { cardExpiry, cardNumber } from '../../../../server/src/contract/payments.js';
import { createCodeSender } from '../../../components/verification/code-sender';
import { createForm, type ShowError } from '../../../lib/form';
import type { Http } from '../../../lib/http';
import type { PaymentsApi, SavedCard } from '../api/payments-api';
import { maskCardNumber, maskExpiry } from './card-input';

/** Keys the server may send without a field, and the field each is about. */
const FIELD_OF_KEY: Partial<Record<ErrorKey, string>> = {
  wrong_number: 'number',
  you_phone_and_card_phone_not_equal: 'number',
  cards_limit_reached: 'number',
  card_blocked: 'number',
  wrong_expire: 'expire',
};

const CODE_KEYS = new Set<string>(['wrong_code', 'invalid_code', 'code_not_valid', 'invalid_otp', 'code_expired']);

/** The failure with the field its key is about, when the server named none, so it shows beside that field. */
function withField(error: unknown): unknown {
  const data = (error as { data?: { errors?: { error: ErrorKey; field?: string }[] } } | null)?.data;
  const first = data?.errors?.[0];
  const field = first && !first.field ? FIELD_OF_KEY[first.error] : undefined;
  if (!first || !field) return error;
  return { ...(error as object), data: { ...data, errors: [{ ...first, field }] } };
}

export function createAddCardModel(deps: {
  api: PaymentsApi;
  http: Http;
  showError: ShowError;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  onAdded: (card: SavedCard) => void;
}) {
  const form = createForm(deps.showError);
  const number = form.field('number', '');
  const expire = form.field('expire', '');
  const step = signal<'card' | 'code'>('card');
  /** The card's phone as the processor masked it, where the code went. */
  const phone = signal('');
  let typed: { number: string; expire: string } | null = null;
  let pendingId: string | null = null;

  const codes = createCodeSender({
    // The card's code is sent by POST cards itself (sendWith), never by the sign-in code calls.
    api: { http: deps.http, ssoApi: '', signInHeaders: () => ({}) },
    form,
    now: deps.now,
    announce: deps.announce,
    purposeOf: () => 'payment_card',
    contactField: 'number',
    async sendWith() {
      if (!typed) throw new Error('no card typed');
      const answer = await deps.api.addCard(typed).catch((error: unknown) => Promise.reject(withField(error)));
      pendingId = answer.id;
      phone.value = answer.phone;
      // The processor does not say how long its code lives; nothing here counts it down.
      return { message: 'code_send_to_phone', to: answer.phone, expires_in: 0, resend_in: answer.resend_in };
    },
  });

  return {
    form,
    number,
    expire,
    step,
    phone,
    codes,
    setNumber: (value: string) => number.set(maskCardNumber(value)),
    setExpire: (value: string) => expire.set(maskExpiry(value)),

    /** Checks the fields as the server will, then asks for the code; true when it went. */
    async send(): Promise<boolean> {
      form.reset();
      const digits = cardNumber(number.peek());
      const expiry = cardExpiry(expire.peek(), deps.now());
      if (!digits) form.setError('number', 'wrong_number');
      if (!expiry) form.setError('expire', 'wrong_expire');
      if (!digits || !expiry) return false;
      typed = { number: digits, expire: expire.peek() };
      if (!(await codes.send({ type: 'phone', value: '' }, 'sms'))) return false;
      step.value = 'code';
      return true;
    },

    /** Saves the card with the typed code; the saved card when it is saved. */
    async verify(): Promise<SavedCard | undefined> {
      const code = codes.typed();
      if (!code || !pendingId) return undefined;
      const id = pendingId;
      const card = await form.attempt(() => deps.api.verifyCard({ id, code: code.code }), {
        fieldOf: () => 'code',
        inline: (key) => (CODE_KEYS.has(key) ? 'code' : undefined),
      });
      if (!card) return undefined;
      deps.onAdded(card);
      return card;
    },

    back(): void {
      form.reset();
      step.value = 'card';
    },
  };
}

export type AddCardModel = ReturnType<typeof createAddCardModel>;
