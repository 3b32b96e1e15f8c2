/** Sign-in by QR's write endpoints (docs/api.md, Sign-in by QR), for the hostile-body suite's list (write-endpoints.ts). */
import type { WriteEndpoint } from './write-endpoint.js';

// The browser's request needs no session; the phone's approval and refusal do.
export const QR_WRITE_ENDPOINTS: WriteEndpoint[] = [
  { method: 'POST', path: '/qr/login-requests/', auth: 'none', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/qr/login-requests/{id}/approve/',
    auth: 'bearer',
    kind: 'json',
    sample: { number: '07', save: false },
  },
  { method: 'POST', path: '/qr/login-requests/{id}/deny/', auth: 'bearer', kind: 'none', sample: {} },
];
