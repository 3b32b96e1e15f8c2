/**
 * The webhook that tells a partner a bill's outcome (docs/partners.md, Billing a user): a POST of
 * `{event, receipt}` to the bill's `webhook_url`, signed with HMAC-SHA256 (RFC 2104) over
 * `{timestamp}.{body}` in `Kirish-Signature: v1={base64url}` with the time in `Kirish-Timestamp`, so a
 * partner checks both that Kirish sent it and that it is not an old one replayed. The key is the one
 * both sides hold without another exchange: the base64url SHA-256 of the client's secret, which is all
 * Kirish keeps of it. Each is written to `payment_webhooks` with what became of it; sent once.
 */
import type { ReceiptWebhookBody } from '../../contract/payments.js';
import { PAYMENT_WEBHOOK_TIMEOUT_MS } from '../../config/policy.js';
import { hmacSha256, randomId } from '../../lib/secrets.js';
import type { PaymentReceipt } from '../../storage/storage.js';
import type { PaymentDeps } from './payment-deps.js';
import { merchantReceiptView } from './receipt-view.js';

export function signWebhook(key: string, timestamp: number, body: string): string {
  return `v1=${hmacSha256(key, `${timestamp}.${body}`)}`;
}

/** Writes the webhook and sends it without holding up the answer; a failure is recorded and logged. */
export async function sendReceiptWebhook(deps: PaymentDeps, receipt: PaymentReceipt): Promise<void> {
  if (receipt.webhookUrl === null || (receipt.status !== 'paid' && receipt.status !== 'failed')) return;
  const client = await deps.storage.clients.find(receipt.clientId);
  if (!client?.secretHash) return;
  const now = deps.clock.now();
  const payload: ReceiptWebhookBody = {
    event: receipt.status === 'paid' ? 'receipt.paid' : 'receipt.failed',
    receipt: merchantReceiptView(receipt),
  };
  const body = JSON.stringify(payload);
  const id = randomId();
  const url = receipt.webhookUrl;
  await deps.storage.webhooks.insert({
    id,
    receiptId: receipt.id,
    url,
    event: payload.event,
    body,
    status: 'pending',
    attempts: 0,
    lastStatus: null,
    createdAt: now,
    deliveredAt: null,
  });
  const timestamp = Math.floor(now / 1000);
  const fetchFn = deps.fetch ?? fetch;
  void fetchFn(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'kirish-timestamp': String(timestamp),
      'kirish-signature': signWebhook(client.secretHash, timestamp, body),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(PAYMENT_WEBHOOK_TIMEOUT_MS),
  })
    .then(async (response) => {
      await response.body?.cancel();
      const delivered = response.status >= 200 && response.status < 300;
      await deps.storage.webhooks.record(
        id,
        { status: delivered ? 'delivered' : 'failed', httpStatus: response.status },
        deps.clock.now(),
      );
    })
    .catch(async (error: unknown) => {
      deps.log('payment webhook not delivered', error, { receipt: receipt.id });
      await deps.storage.webhooks
        .record(id, { status: 'failed', httpStatus: null }, deps.clock.now())
        .catch(() => undefined);
    });
}
