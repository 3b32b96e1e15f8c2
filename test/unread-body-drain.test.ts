/**
 * Issue 10 §1, the unread body (docs/decisions.md): over one real keep-alive connection to the built
 * server (support/keep-alive-probe.ts), a refused body under the drain bound is read and dropped and
 * the connection kept, whatever the route; one over the bound is answered with `Connection: close`,
 * then the connection is closed in stages (RFC 9112 §9.6). Hostile bodies on each write endpoint:
 * hostile-bodies.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { UNREAD_BODY_DRAIN_MAX_BYTES } from '../server/src/config/policy.js';
import { JSON_TYPE, errorKeys, useKeepAliveProbe } from './support/keep-alive-probe.js';
import { jpegPhotoBody } from './support/multipart.js';
import type { RawRequest } from './support/raw-http.js';
import { useServer } from './support/server-process.js';
import { V1 } from './support/write-endpoints.js';

const BOUNDARY = 'KirishDrainBoundary';
const MULTIPART_TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Over the drain bound: answered, then the connection is closed in stages. */
const OVERSIZED: { name: string; endpoint: string; request: Omit<RawRequest, 'method' | 'target'>; key: string }[] = [
  {
    name: 'a JSON body 2 MB over the drain bound',
    endpoint: `${V1}/login/LoginUser/`,
    request: { headers: JSON_TYPE, body: Buffer.alloc(UNREAD_BODY_DRAIN_MAX_BYTES + 2 * 1024 * 1024, 0x61) },
    key: 'payload_too_large',
  },
  {
    name: 'a photo 2 MB over the drain bound',
    endpoint: `${V1}/user/photo/`,
    request: { headers: MULTIPART_TYPE, body: jpegPhotoBody(BOUNDARY, UNREAD_BODY_DRAIN_MAX_BYTES + 2 * 1024 * 1024) },
    key: 'file_too_large',
  },
];

const kirish = useServer('kirish-drain-');
const probe = useKeepAliveProbe(kirish, 'unread-body-drain');

describe('refused bodies over one keep-alive connection', () => {
  it('keeps the connection after a refused body it can drain, whatever the route', async () => {
    // Under /sso/ the 16 KiB limit answers first; elsewhere the route is not found.
    for (const [target, status] of [
      [`${V1}/no-such-endpoint/`, 413],
      ['/login', 404],
      ['/', 404],
    ] as const) {
      const answer = await probe.sendThenNormal(`POST ${target}`, 'POST', target, {
        headers: JSON_TYPE,
        body: Buffer.alloc(3 * 1024 * 1024, 0x61),
      });
      expect({ status: answer.status, connection: answer.headers.connection }).toEqual({
        status,
        connection: 'keep-alive',
      });
    }
  });

  it('answers a body over the drain bound, then closes the connection in stages', async () => {
    for (const oversized of OVERSIZED) {
      expect(Buffer.byteLength(oversized.request.body ?? '')).toBeGreaterThan(UNREAD_BODY_DRAIN_MAX_BYTES);
      const answer = await probe.sendThenNormal(
        `POST ${oversized.endpoint} with ${oversized.name}`,
        'POST',
        oversized.endpoint,
        {
          ...oversized.request,
          headers: { ...oversized.request.headers, authorization: `Bearer ${probe.sharedToken}` },
        },
      );
      expect({ status: answer.status, keys: errorKeys(answer), connection: answer.headers.connection }).toEqual({
        status: 413,
        keys: [oversized.key],
        connection: 'close',
      });
    }
  });
});
