/**
 * A partner's bills (docs/partners.md, Billing a user; docs/api.md, Payments, Merchant): a confidential
 * OAuth client, authenticated by its client_id and secret in HTTP Basic as at the token endpoint (RFC 6749
 * §2.3.1), creates a bill, `POST merchant/receipts` → `{id, pay_url}`, and reads it back. The `return_url`
 * (and `webhook_url`) must be at one of the client's registered origins: Kirish sends the payer there.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { PAYMENT_AMOUNT_MAX_TIYIN } from '../../config/policy.js';
import type { MerchantReceiptAnswer, MerchantReceiptRequest } from '../../contract/payments.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { orderedId } from '../../lib/ordered-id.js';
import { constantTimeEqual, sha256 } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import type { OAuthClient } from '../../storage/storage.js';
import { askProcessor, type PaymentDeps } from '../../services/payments/payment-deps.js';
import type { Settlement } from '../../services/payments/receipt-settlement.js';
import { merchantReceiptView } from '../../services/payments/receipt-view.js';

const billSchema = requestSchema<MerchantReceiptRequest>()(
  v.strictObject({
    amount: v.pipe(
      v.number('invalid_amount'),
      v.integer('invalid_amount'),
      v.minValue(100, 'invalid_amount'),
      v.maxValue(PAYMENT_AMOUNT_MAX_TIYIN, 'invalid_amount'),
    ),
    description: v.pipe(text(255), v.trim(), v.minLength(1, 'field_required')),
    order_id: v.pipe(text(64), v.minLength(1, 'field_required')),
    return_url: text(2000),
    webhook_url: v.optional(text(2000)),
  }),
);

const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/** RFC 6749 §2.3.1: the id and secret are form-urlencoded, joined by a colon, base64-encoded. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** The confidential client the request proves to be, or 401 with a Basic challenge (RFC 9110 §11.6.1). */
async function merchant(c: Context, deps: PaymentDeps): Promise<OAuthClient> {
  const credentials = basicCredentials(c.req.header('authorization'));
  const client = credentials ? await deps.storage.clients.find(credentials.id) : undefined;
  const proven =
    client?.kind === 'confidential' &&
    client.secretHash !== null &&
    constantTimeEqual(sha256(credentials?.secret ?? ''), client.secretHash);
  if (!client || !proven) {
    c.header('WWW-Authenticate', 'Basic realm="kirish-payments", charset="UTF-8"');
    throw new ApiError(401, [{ error: 'invalid_client' }]);
  }
  return client;
}

/** An absolute http(s) URL at one of the client's registered origins. */
function atClientOrigin(value: string, client: OAuthClient): boolean {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && client.webOrigins.includes(url.origin) && !url.username;
  } catch {
    return false;
  }
}

export function merchantRoutes(deps: PaymentDeps, settlement: Settlement) {
  const { storage, clock, processor, config } = deps;
  const app = new Hono<AppEnv>();

  app.post('/merchant/receipts', async (c) => {
    const client = await merchant(c, deps);
    const body = await readJsonBody(c, billSchema);
    if (!atClientOrigin(body.return_url, client)) throw badRequest('return_url_not_registered', 'return_url');
    if (body.webhook_url !== undefined && !atClientOrigin(body.webhook_url, client))
      throw badRequest('return_url_not_registered', 'webhook_url');
    const bill = { amount: body.amount, orderId: body.order_id, description: body.description };
    const created = await askProcessor(deps, () => processor.createReceipt(bill));
    const now = clock.now();
    const { receipt, created: isNew } = await storage.receipts.insertOrFind({
      id: orderedId(now),
      clientId: client.id,
      orderId: body.order_id,
      amount: body.amount,
      description: body.description,
      returnUrl: body.return_url,
      webhookUrl: body.webhook_url ?? null,
      processorReceiptId: created.id,
      createdAt: now,
    });
    // The same order again is the same bill (a retried request), unless it asks for another amount.
    if (!isNew && receipt.amount !== body.amount) throw new ApiError(409, [{ error: 'order_id_taken' }]);
    const answer: MerchantReceiptAnswer = {
      id: receipt.id,
      pay_url: `${config.publicUrl}/pay?receipt=${encodeURIComponent(receipt.id)}`,
    };
    return c.json(answer, isNew ? 201 : 200);
  });

  app.get('/merchant/receipts/:id', async (c) => {
    const client = await merchant(c, deps);
    const found = await storage.receipts.find(c.req.param('id'));
    if (!found || found.clientId !== client.id) throw new ApiError(404, [{ error: 'receipt_not_found' }]);
    return c.json(merchantReceiptView(await settlement.reconcile(found)));
  });

  return app;
}
