/** Payments' write endpoints (docs/api.md, Payments), for the hostile-body suite's list (write-endpoints.ts). */
import type { WriteEndpoint } from './write-endpoint.js';

const SOME_ID = '0190a6f0-0000-7000-8000-000000000000';

export const PAYMENT_WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/payment/api/cards',
    auth: 'bearer',
    kind: 'json',
    sample: { number: '8600 4954 7331 6478', expire: '03/99' },
  },
  {
    method: 'POST',
    path: '/payment/api/cards/verify',
    auth: 'bearer',
    kind: 'json',
    sample: { id: SOME_ID, code: '666666' },
  },
  { method: 'POST', path: '/payment/api/cards/default', auth: 'bearer', kind: 'json', sample: { id: SOME_ID } },
  { method: 'DELETE', path: '/payment/api/cards', query: `?id=${SOME_ID}`, auth: 'bearer', kind: 'none', sample: {} },
  // The partner's client credentials are checked before its body is read: every hostile body is a 401 here.
  {
    method: 'POST',
    path: '/payment/api/merchant/receipts',
    auth: 'none',
    kind: 'json',
    sample: { amount: 100_000, description: 'A book', order_id: 'o-1', return_url: 'http://127.0.0.1:8081/' },
    looseFields: true,
  },
  {
    method: 'POST',
    path: '/payment/api/receipts/{id}/pay',
    auth: 'bearer',
    kind: 'json',
    sample: { card_id: SOME_ID },
  },
];
