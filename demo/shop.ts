/**
 * Bozor's "Buy" (docs/partners.md, Billing a user): the shop's own server (/shop, server/src/site/demo-shop.ts)
 * creates the bill at Kirish with its client credentials, which never reach this page; the page only
 * sends the buyer to the bill's `pay_url`. Back from Kirish at `/?order=…`, it asks its server for the
 * order's status, which that server reads from Kirish.
 */
import { log } from './log';

const STATUS_TEXT: Record<string, string> = {
  paid: 'Paid — thank you! Your teapot is on its way.',
  pending: 'Not paid yet.',
  failed: 'The payment failed.',
  cancelled: 'The order was cancelled.',
};

function say(text: string): void {
  const status = document.getElementById('order-status');
  if (status) status.textContent = text;
}

export function mountShop(): void {
  const buy = document.getElementById('buy') as HTMLButtonElement | null;
  buy?.addEventListener('click', () => {
    buy.disabled = true;
    fetch('/shop/buy', { method: 'POST' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the shop answered ${response.status}`);
        const { order_id: orderId, pay_url: payUrl } = (await response.json()) as { order_id: string; pay_url: string };
        log('shop', `order ${orderId}: paying on Kirish`);
        location.assign(payUrl);
      })
      .catch((error: unknown) => {
        buy.disabled = false;
        say('Could not start the payment.');
        log('shop', `buy failed: ${String(error)}`);
      });
  });

  const order = new URLSearchParams(location.search).get('order');
  if (!order) return;
  say('Checking the payment…');
  fetch(`/shop/orders/${encodeURIComponent(order)}`)
    .then(async (response) => {
      if (!response.ok) throw new Error(`the shop answered ${response.status}`);
      const { status } = (await response.json()) as { status: string };
      say(`Order ${order.slice(0, 14)}…: ${STATUS_TEXT[status] ?? status}`);
      log('shop', `order ${order}: ${status}`);
    })
    .catch((error: unknown) => {
      say('Could not read the order.');
      log('shop', `order check failed: ${String(error)}`);
    });
}
