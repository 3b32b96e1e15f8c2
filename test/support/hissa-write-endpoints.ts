/** Hissa's write endpoints (docs/api.md, Hissa; The operator API), for the hostile-body suite's list (write-endpoints.ts). */
import type { WriteEndpoint } from './write-endpoint.js';

const SOME_ID = '0190a6f0-0000-7000-8000-000000000000';

export const HISSA_WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/hissa/api/v1/projects/{id}/contribute',
    auth: 'bearer',
    kind: 'json',
    sample: { amount: 1_000_000, card_id: SOME_ID },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/hissa/projects/',
    auth: 'operator',
    kind: 'json',
    sample: {
      title: 'A playground',
      text: 'Swings and a slide.',
      region: 'tashkent-city',
      district: 'chilanzar',
      goal: 3_000_000_000,
      deadline: '2099-01-01T00:00:00.000Z',
    },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/hissa/projects/{id}/updates/',
    auth: 'operator',
    kind: 'json',
    sample: { text: 'The slide arrived.' },
  },
];
