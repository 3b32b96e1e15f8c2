/** Reviews' write endpoints (docs/api.md, Reviews; The operator API), for the hostile-body suite's list (write-endpoints.ts). */
import { CLAIM_BODY_MAX_BYTES } from '../../server/src/features/reviews/claim-form.js';
import type { WriteEndpoint } from './write-endpoint.js';

export const REVIEW_WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    method: 'POST',
    path: '/reviews/api/v1/reviews/',
    auth: 'bearer',
    kind: 'json',
    sample: { company: 'k1', rating: 4.5, text: 'The plov was excellent.' },
  },
  {
    method: 'PATCH',
    path: '/reviews/api/v1/reviews/{id}/',
    auth: 'bearer',
    kind: 'json',
    sample: { text: 'The plov was excellent.', rating: 4.5, attachments: [] },
  },
  { method: 'DELETE', path: '/reviews/api/v1/reviews/{id}/', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/reviews/api/v1/companies/claims/',
    auth: 'bearer',
    kind: 'multipart',
    sample: {},
    bodyLimitBytes: CLAIM_BODY_MAX_BYTES,
  },
  {
    method: 'POST',
    path: '/reviews/api/v1/companies/{id}/reviews/{review}/reply/',
    auth: 'bearer',
    kind: 'json',
    sample: { text: 'Rahmat!' },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/reviews/claims/{id}/decision/',
    auth: 'operator',
    kind: 'json',
    sample: { decision: 'reject', reason: 'The document names another company.' },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/reviews/reviews/{id}/decision/',
    auth: 'operator',
    kind: 'json',
    sample: { decision: 'approve' },
  },
];
