/**
 * The help centre's write endpoints (docs/api.md, Help centre, Complaints, Identity validation, the operator
 * API), for the hostile-body suite's list (write-endpoints.ts).
 */
import { COMPLAINT_BODY_MAX_BYTES } from '../../server/src/features/complaints/complaint-form.js';
import type { WriteEndpoint } from './write-endpoint.js';

export const HELP_WRITE_ENDPOINTS: WriteEndpoint[] = [
  // The help centre's "was this helpful?" (issue 38).
  {
    method: 'POST',
    path: '/common/api/v1/help/articles/{id}/feedback/',
    params: { id: 'terms' },
    auth: 'none',
    kind: 'json',
    sample: { helpful: true },
  },
  {
    method: 'POST',
    path: '/common/api/v1/help/complaints/',
    auth: 'bearer',
    kind: 'multipart',
    sample: {},
    bodyLimitBytes: COMPLAINT_BODY_MAX_BYTES,
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/complaints/{number}/answer/',
    auth: 'operator',
    kind: 'json',
    sample: { text: 'We sent the code again.' },
    params: { number: '1' },
  },
  { method: 'POST', path: '/user/validation/', auth: 'bearer', kind: 'none', sample: {} },
  {
    method: 'POST',
    path: '/common/api/v1/operator/validation/{user_uuid}/',
    auth: 'operator',
    kind: 'json',
    sample: { status: 'failed', reason: 'The photo is blurred.' },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/complaints/{number}/take/',
    auth: 'operator',
    kind: 'none',
    sample: {},
    params: { number: '1' },
  },
  {
    method: 'POST',
    path: '/common/api/v1/operator/complaints/{number}/close/',
    auth: 'operator',
    kind: 'none',
    sample: {},
    params: { number: '1' },
  },
];
