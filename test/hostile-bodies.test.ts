/**
 * Issue 10 §1: hostile bodies against every write endpoint of the API, over one real keep-alive
 * connection to the built server (support/keep-alive-probe.ts: each followed by a normal request that
 * must be answered, no 5xx, a connection ended only as announced). Bodies over the drain bound and
 * refused bodies on routes that take none: unread-body-drain.test.ts.
 *
 * The endpoints are listed here with a sample body each; the first test checks the list against
 * docs/api.md, so that a new write endpoint cannot be left out.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES, PHOTO_MAX_BYTES, UNREAD_BODY_DRAIN_MAX_BYTES } from '../server/src/config/policy.js';
import { JSON_TYPE, errorKeys, useKeepAliveProbe } from './support/keep-alive-probe.js';
import { jpegPhotoBody } from './support/multipart.js';
import type { RawRequest } from './support/raw-http.js';
import { useServer } from './support/server-process.js';
import { SOME_ID, ENDPOINTS, OPERATOR_TOKEN, fullPath, type WriteEndpoint } from './support/write-endpoints.js';

interface Hostile {
  name: string;
  request: Omit<RawRequest, 'method' | 'target'>;
  /** What the answer must be, beyond "not a 5xx": its status and, if given, an error key among its errors. */
  expected?: { status: number; key?: string };
}

const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const BOUNDARY = 'KirishHostileBoundary';
const MULTIPART_TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const WRONG_VALUES: unknown[] = [12345, true, null, { $ne: '' }, ['x'], 1e308, -1, ''];

const asForm = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();

const photoPart = (bytes: number) => jpegPhotoBody(BOUNDARY, bytes);

function hostileBodies(endpoint: WriteEndpoint): Hostile[] {
  const keys = Object.keys(endpoint.sample);
  const firstKey = keys[0] ?? 'field';
  // The JSON and form routes sit behind a body limit (16 KiB unless said); the photo upload has its own.
  const limit =
    endpoint.kind === 'json' || endpoint.kind === 'form'
      ? (endpoint.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES)
      : Infinity;
  const tooLargeOver = (bytes: number) =>
    bytes > limit ? { expected: { status: 413, key: 'payload_too_large' } } : {};
  const deepNesting = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  // Over the JSON limit, under the drain bound: refused by its length, read and thrown away.
  const threeMegabytes = `{"${firstKey}":"${'a'.repeat(3 * 1024 * 1024)}"}`;
  expect(threeMegabytes.length).toBeGreaterThan(JSON_BODY_LIMIT_BYTES);
  expect(threeMegabytes.length).toBeLessThan(UNREAD_BODY_DRAIN_MAX_BYTES);
  const bodies: Hostile[] = [
    { name: 'malformed JSON', request: { headers: JSON_TYPE, body: `{"${firstKey}": "x", "broken": [1, 2,` } },
    endpoint.kind === 'form'
      ? {
          name: 'wrong types',
          request: {
            headers: FORM_TYPE,
            body: `${asForm(endpoint.sample)}&grant_type=refresh_token&client_id=&client_id[]=x&token=%ZZ&=&&==`,
          },
        }
      : {
          name: 'wrong types',
          request: {
            headers: JSON_TYPE,
            body: JSON.stringify(
              Object.fromEntries(
                (keys.length > 0 ? keys : ['field']).map((key, i) => [key, WRONG_VALUES[i % WRONG_VALUES.length]]),
              ),
            ),
          },
        },
    {
      name: 'a 3 MB body',
      request: { headers: JSON_TYPE, body: threeMegabytes },
      ...tooLargeOver(threeMegabytes.length),
    },
    {
      name: 'a 3 MB chunked body',
      request: { headers: JSON_TYPE, body: threeMegabytes, chunked: true },
      ...tooLargeOver(threeMegabytes.length),
    },
    {
      name: '10,000 nested arrays',
      request: { headers: JSON_TYPE, body: deepNesting },
      ...tooLargeOver(deepNesting.length),
    },
    {
      name: '7,000 nested arrays in a field, under the size limit',
      request: { headers: JSON_TYPE, body: `{"${firstKey}":${'['.repeat(7000)}${']'.repeat(7000)}}` },
    },
    endpoint.kind === 'form'
      ? {
          name: 'prototype keys',
          request: {
            headers: FORM_TYPE,
            body: `__proto__[is_admin]=true&constructor[prototype][is_admin]=true&__proto__=x&constructor=y&${asForm(endpoint.sample)}`,
          },
        }
      : {
          name: 'prototype keys',
          request: {
            headers: JSON_TYPE,
            body: `{"__proto__":{"is_admin":true},"constructor":{"prototype":{"is_admin":true}},${JSON.stringify(endpoint.sample).slice(1)}`.replace(
              ',}',
              '}',
            ),
          },
          // Fields the schema does not have: refused by name, never merged into an object's prototype.
          ...(endpoint.kind === 'json' && !endpoint.looseFields
            ? { expected: { status: 400, key: 'unknown_field' } }
            : {}),
        },
    {
      name: 'broken multipart',
      request: {
        headers: MULTIPART_TYPE,
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\u00e0 truncated, no closing boundary`,
      },
      // A path naming no existing thing (SOME_ID) is answered 404 before its body is read.
      ...(endpoint.kind === 'multipart' && !endpoint.path.includes('{')
        ? { expected: { status: 400, key: 'invalid_value' } }
        : {}),
    },
  ];
  if (endpoint.kind === 'multipart') {
    bodies.push(
      {
        name: 'multipart without a boundary',
        request: { headers: { 'content-type': 'multipart/form-data; charset=utf-8' }, body: photoPart(16) },
      },
      {
        name: 'multipart with another boundary than declared',
        request: { headers: { 'content-type': 'multipart/form-data; boundary=SomethingElse' }, body: photoPart(16) },
      },
      {
        name: 'a part without the blank line after its headers',
        request: {
          headers: MULTIPART_TYPE,
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"\r\n\u00ff\u00d8\u00ff\r\n--${BOUNDARY}--\r\n`,
        },
      },
      {
        name: 'a part header of 64 KB',
        request: {
          headers: MULTIPART_TYPE,
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="${'a'.repeat(64 * 1024)}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        },
      },
      // The image uploads' limit is the photo's; a route of its own limit (the complaint form's) reads the part.
      {
        name: 'a photo 1 MB over the limit',
        request: { headers: MULTIPART_TYPE, body: photoPart(PHOTO_MAX_BYTES + 1024 * 1024) },
        ...(endpoint.bodyLimitBytes === undefined ? { expected: { status: 413, key: 'file_too_large' } } : {}),
      },
      {
        name: 'a photo 1 MB over the limit, chunked',
        request: { headers: MULTIPART_TYPE, body: photoPart(PHOTO_MAX_BYTES + 1024 * 1024), chunked: true },
        ...(endpoint.bodyLimitBytes === undefined ? { expected: { status: 413, key: 'file_too_large' } } : {}),
      },
    );
  }
  return bodies;
}

const kirish = useServer('kirish-hostile-', { ADMIN_TOKEN: OPERATOR_TOKEN });
const probe = useKeepAliveProbe(kirish, 'hostile-bodies');

describe('the list of write endpoints', () => {
  it('holds every write endpoint docs/api.md documents', () => {
    const documented = new Set<string>();
    const api = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
    for (const heading of api.split('\n').filter((line) => line.startsWith('### '))) {
      let method: string | undefined;
      for (const [, span = ''] of heading.matchAll(/`([^`]+)`/g)) {
        const [first = '', second] = span.split(' ');
        if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(first)) {
          method = first;
          if (second === undefined) continue;
        }
        const path = (second ?? first).replace(/[?[].*$/, '');
        if (path.startsWith('/') && method && method !== 'GET') documented.add(`${method} ${path}`);
      }
    }
    const listed = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect([...documented].filter((endpoint) => !listed.has(endpoint))).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(ENDPOINTS.length);
  });
});

describe('hostile bodies over one keep-alive connection', () => {
  for (const endpoint of ENDPOINTS) {
    const path = fullPath(endpoint).replace(/\{(\w+)\}/g, (_, name: string) => endpoint.params?.[name] ?? SOME_ID);
    const target = `${path}${endpoint.query ?? ''}`;
    it(`${endpoint.method} ${fullPath(endpoint)}: no 5xx, no dropped connection, the next request answered`, async () => {
      const surprises: string[] = [];
      for (const hostile of hostileBodies(endpoint)) {
        const token = endpoint.auth === 'fresh' ? await probe.signIn() : probe.sharedToken;
        const headers = {
          ...hostile.request.headers,
          ...(endpoint.auth === 'none'
            ? {}
            : { authorization: `Bearer ${endpoint.auth === 'operator' ? OPERATOR_TOKEN : token}` }),
        };
        const answer = await probe.sendThenNormal(
          `${endpoint.method} ${target} with ${hostile.name}`,
          endpoint.method,
          target,
          { ...hostile.request, headers },
        );
        const keys = errorKeys(answer);
        const { expected } = hostile;
        if (
          expected &&
          (answer.status !== expected.status || (expected.key !== undefined && !keys.includes(expected.key)))
        ) {
          surprises.push(
            `${hostile.name}: ${answer.status} ${keys.join(',')}, expected ${expected.status} ${expected.key ?? ''}`,
          );
        }
        // Only a body the server may not drain closes the connection: one of unknown length (chunked); none here is over the bound.
        if (/close/i.test(answer.headers.connection ?? '') && !hostile.request.chunked)
          surprises.push(`${hostile.name}: closed the connection`);
      }
      expect(surprises).toEqual([]);
    });
  }
});
