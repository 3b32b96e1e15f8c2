/** Passkeys' and two-step verification's write endpoints (docs/api.md), for the hostile-body suite's list (write-endpoints.ts). */
import type { WriteEndpoint } from './write-endpoint.js';

const credential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
  clientExtensionResults: {},
};

// None ends a session.
export const PASSKEY_WRITE_ENDPOINTS: WriteEndpoint[] = [
  { method: 'POST', path: '/login/passkey/options/', auth: 'none', kind: 'none', sample: {} },
  { method: 'POST', path: '/login/passkey/', auth: 'none', kind: 'json', sample: { credential, save: true } },
  {
    method: 'POST',
    path: '/user/passkeys/registration/options/',
    auth: 'bearer',
    kind: 'json',
    sample: { proof: 'not-a-proof' },
  },
  { method: 'POST', path: '/user/passkeys/registration/', auth: 'bearer', kind: 'json', sample: { credential } },
  { method: 'PATCH', path: '/user/passkeys/{id}/', auth: 'bearer', kind: 'json', sample: { name: 'Laptop' } },
  { method: 'DELETE', path: '/user/passkeys/{id}/', auth: 'bearer', kind: 'json', sample: { proof: 'not-a-proof' } },
  // Two-step verification (issue 41).
  {
    method: 'POST',
    path: '/login/second-step/',
    auth: 'none',
    kind: 'json',
    sample: { id: 'not-a-second-step', method: 'totp', code: '123456' },
  },
  { method: 'POST', path: '/user/two-step/totp/', auth: 'bearer', kind: 'json', sample: { proof: 'not-a-proof' } },
  { method: 'POST', path: '/user/two-step/totp/confirm/', auth: 'bearer', kind: 'json', sample: { code: '123456' } },
  {
    method: 'POST',
    path: '/user/two-step/recovery-codes/',
    auth: 'bearer',
    kind: 'json',
    sample: { proof: 'not-a-proof' },
  },
  { method: 'DELETE', path: '/user/two-step/', auth: 'bearer', kind: 'json', sample: { proof: 'not-a-proof' } },
];
