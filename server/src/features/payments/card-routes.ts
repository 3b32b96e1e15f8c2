/**
 * The account's saved cards (docs/api.md, Payments, Cards): `GET cards`, `POST cards` (the processor
 * creates the card and sends its code to the card's phone, which must be the account's), `POST
 * cards/verify`, `DELETE cards?id=` (at the processor and here) and `POST cards/default`. The full number
 * goes to the processor and nowhere else: Kirish keeps its token and the masked number it answers.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { maskPhone } from '../../contract/contact-masks.js';
import {
  cardBrand,
  cardExpiry,
  cardNumber,
  MAX_SAVED_CARDS,
  type CardList,
  type DefaultCardRequest,
  type NewCardAnswer,
  type NewCardRequest,
  type SavedCard,
  type VerifyCardRequest,
} from '../../contract/payments.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { randomId } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { ProcessorRefusal, ProcessorUnavailable } from '../../services/payments/payment-processor.js';
import type { PaymentCard } from '../../storage/storage.js';
import { askProcessor, type PaymentDeps } from '../../services/payments/payment-deps.js';

const newCardSchema = requestSchema<NewCardRequest>()(v.strictObject({ number: text(40), expire: text(10) }));
const verifySchema = requestSchema<VerifyCardRequest>()(
  v.strictObject({ id: text(64), code: v.pipe(v.string('invalid_code'), v.regex(/^\d{6}$/, 'invalid_code')) }),
);
const defaultSchema = requestSchema<DefaultCardRequest>()(v.strictObject({ id: text(64) }));

export function savedCard(card: PaymentCard): SavedCard {
  return {
    id: card.id,
    brand: card.brand,
    masked_number: card.maskedNumber,
    expire: `${String(card.expireMonth).padStart(2, '0')}/${String(card.expireYear % 100).padStart(2, '0')}`,
    is_default: card.isDefault,
    created_at: new Date(card.createdAt).toISOString(),
  };
}

/**
 * Whether the processor's masked phone (`99890*****67`) can be this account's (`+998901234567`): as long,
 * and every digit it shows where the account's is.
 */
export function phoneMatches(masked: string, phone: string | null): boolean {
  const digits = (phone ?? '').replace(/\D/g, '');
  const shown = masked.replace(/[^\d*]/g, '');
  return (
    digits.length > 0 && shown.length === digits.length && [...shown].every((c, i) => c === '*' || c === digits[i])
  );
}

const notFound = () => new ApiError(404, [{ error: 'card_not_found' }]);

export function cardRoutes(deps: PaymentDeps) {
  const { storage, clock, processor } = deps;
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.sessions);
  const list = async (userId: string): Promise<CardList> => ({
    results: (await storage.cards.list(userId)).map(savedCard),
  });

  app.get('/cards', auth, async (c) => c.json(await list(c.get('auth').user.id)));

  app.post('/cards', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, newCardSchema);
    const number = cardNumber(body.number);
    if (number === null) throw badRequest('wrong_number', 'number');
    const expiry = cardExpiry(body.expire, clock.now());
    if (expiry === null) throw badRequest('wrong_expire', 'expire');
    if ((await storage.cards.list(user.id)).length >= MAX_SAVED_CARDS)
      throw new ApiError(409, [{ error: 'cards_limit_reached' }]);
    const mmyy = body.expire.trim().replace('/', '');
    const created = await askProcessor(deps, () => processor.createCard(number, mmyy));
    const sent = await askProcessor(deps, () => processor.sendCode(created.token));
    if (!phoneMatches(sent.phone, user.phone)) {
      // The card stays with the processor no longer than this answer: it is nobody's here.
      await processor.removeCard(created.token).catch(() => undefined);
      throw badRequest('you_phone_and_card_phone_not_equal', 'number');
    }
    const id = randomId();
    await storage.cards.insert({
      id,
      userId: user.id,
      token: created.token,
      maskedNumber: created.maskedNumber,
      brand: cardBrand(number) ?? 'uzcard',
      expireMonth: expiry.month,
      expireYear: expiry.year,
      maskedPhone: sent.phone,
      isDefault: false,
      verifiedAt: null,
      createdAt: clock.now(),
    });
    const answer: NewCardAnswer = {
      id,
      phone: maskPhone(user.phone ?? ''),
      resend_in: Math.ceil(sent.waitMs / 1000),
    };
    return c.json(answer, 201);
  });

  app.post('/cards/verify', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, verifySchema);
    const card = await storage.cards.find(body.id, user.id);
    if (!card || card.verifiedAt !== null) throw notFound();
    await askProcessor(deps, () => processor.verifyCard(card.token, body.code));
    if (!(await storage.cards.verify(card.id, user.id, clock.now(), MAX_SAVED_CARDS)))
      throw new ApiError(409, [{ error: 'cards_limit_reached' }]);
    const saved = await storage.cards.find(card.id, user.id);
    return c.json(savedCard(saved ?? card));
  });

  app.post('/cards/default', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, defaultSchema);
    if (!(await storage.cards.setDefault(body.id, user.id))) throw notFound();
    return c.json(await list(user.id));
  });

  app.delete('/cards', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const card = await storage.cards.find(c.req.query('id') ?? '', user.id);
    if (!card) throw notFound();
    try {
      await processor.removeCard(card.token);
    } catch (error) {
      // A token the processor no longer knows is removed already; no answer leaves it to a retry.
      if (error instanceof ProcessorUnavailable) throw new ApiError(502, [{ error: 'payment_processor_unavailable' }]);
      if (!(error instanceof ProcessorRefusal)) throw error;
    }
    await storage.cards.remove(card.id, user.id);
    return c.body(null, 204);
  });

  return app;
}
