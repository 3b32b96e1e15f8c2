/**
 * JSON bodies that are wrong in form, on every JSON endpoint: each gets a 4xx with a catalogue key,
 * never a 5xx, and nothing is logged as an unexpected failure. (Queries, paths and tokens that are
 * wrong in form: bad-request-urls-and-tokens.test.ts.)
 */
import { describe, it, expect } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from './config/policy.js';
import type { ErrorItem } from './contract/errors.js';
import { answer, expectCatalogueKeys, refusal } from './test-support/refusals.js';
import { STRONG_PASSWORD, V1, REGISTER_PATH, useTestServer } from './test-support/test-server.js';

interface Endpoint {
  path: string;
  /** A body the endpoint's schema accepts (what happens after validation does not matter here). */
  valid: Record<string, unknown>;
  /** The same fields with the wrong JSON types: numbers for strings, strings for booleans, and so on. */
  wrongTypes: Record<string, unknown>;
  /** What the server answers to `wrongTypes`: one item per field, in schema order. */
  wrongTypeErrors: ErrorItem[];
}

const PHONE = '+998901234567';
const EMAIL = 'aziza@gmail.com';

const ENDPOINTS: Endpoint[] = [
  {
    path: `${V1}/auth/SendAuthSmsVerification/`,
    valid: { type: 'login_sms_verification', phone: PHONE },
    wrongTypes: { type: 1, phone: 998901234567, method: true },
    wrongTypeErrors: [
      { error: 'invalid_type', field: 'type' },
      { error: 'invalid_phone', field: 'phone' },
      { error: 'invalid_method', field: 'method' },
    ],
  },
  {
    path: `${V1}/auth/SendAuthEmailVerification/`,
    valid: { type: 'confirm_email_or_phone', email: EMAIL },
    wrongTypes: { type: ['confirm_email_or_phone'], email: 42, method: 0 },
    wrongTypeErrors: [
      { error: 'invalid_type', field: 'type' },
      { error: 'invalid_email', field: 'email' },
      { error: 'invalid_method', field: 'method' },
    ],
  },
  {
    path: `${V1}/auth/CheckAuthSmsVerification/`,
    valid: { type: 'login_sms_verification', phone: PHONE, code: '123456' },
    wrongTypes: { type: null, phone: { number: PHONE }, code: 123456 },
    wrongTypeErrors: [
      { error: 'invalid_type', field: 'type' },
      { error: 'invalid_phone', field: 'phone' },
      { error: 'invalid_code', field: 'code' },
    ],
  },
  {
    path: `${V1}/auth/CheckAuthEmailVerification/`,
    valid: { type: 'confirm_email_or_phone', email: EMAIL, code: '123456' },
    wrongTypes: { type: 7, email: true, code: 123456 },
    wrongTypeErrors: [
      { error: 'invalid_type', field: 'type' },
      { error: 'invalid_email', field: 'email' },
      { error: 'invalid_code', field: 'code' },
    ],
  },
  {
    path: `${V1}/login/LoginUser/`,
    valid: { phone: PHONE, password: STRONG_PASSWORD },
    wrongTypes: { phone: 901234567, password: 12345678, save: 'true' },
    wrongTypeErrors: [
      { error: 'invalid_phone', field: 'phone' },
      { error: 'invalid_value', field: 'password' },
      { error: 'invalid_value', field: 'save' },
    ],
  },
  {
    path: `${V1}/login/LoginOtp/`,
    valid: { email: EMAIL, code: '123456' },
    wrongTypes: { email: 1, code: 123456, save: 'yes' },
    wrongTypeErrors: [
      { error: 'invalid_email', field: 'email' },
      { error: 'invalid_code', field: 'code' },
      { error: 'invalid_value', field: 'save' },
    ],
  },
  {
    path: `${V1}/TokenRefresh/`,
    valid: { refresh: 'some-refresh-token' },
    wrongTypes: { refresh: 12345 },
    wrongTypeErrors: [{ error: 'invalid_value', field: 'refresh' }],
  },
  {
    path: `${V1}/restore-password/RestorePasswordSms/`,
    valid: { request_id: 'some-request-id', password: STRONG_PASSWORD },
    wrongTypes: { request_id: 1, password: ['x'] },
    wrongTypeErrors: [
      { error: 'request_id_error', field: 'request_id' },
      { error: 'invalid_value', field: 'password' },
    ],
  },
  {
    path: `${V1}/restore-password/RestorePasswordEmail/`,
    valid: { request_id: 'some-request-id', password: STRONG_PASSWORD },
    wrongTypes: { request_id: false, password: 123456789 },
    wrongTypeErrors: [
      { error: 'request_id_error', field: 'request_id' },
      { error: 'invalid_value', field: 'password' },
    ],
  },
  {
    path: REGISTER_PATH,
    valid: {
      request_id: 'some-request-id',
      password: STRONG_PASSWORD,
      first_name: 'Dilnoza',
      last_name: 'Yusupova',
      kind: 2,
    },
    wrongTypes: { request_id: 1, password: 1, first_name: 1, last_name: false, email: 5, kind: '2', save: 'false' },
    wrongTypeErrors: [
      { error: 'request_id_error', field: 'request_id' },
      { error: 'invalid_value', field: 'password' },
      { error: 'invalid_name', field: 'first_name' },
      { error: 'invalid_name', field: 'last_name' },
      { error: 'invalid_email', field: 'email' },
      { error: 'invalid_kind', field: 'kind' },
      { error: 'invalid_value', field: 'save' },
    ],
  },
];

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A JSON body of exactly `bytes` bytes: the valid fields plus an unknown `padding` field. */
function bodyOfSize(valid: Record<string, unknown>, bytes: number): string {
  const bare = JSON.stringify({ ...valid, padding: '' });
  const body = JSON.stringify({ ...valid, padding: 'x'.repeat(bytes - Buffer.byteLength(bare)) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

const server = useTestServer();

/** Posts `rawBody` as is, with the given headers (JSON by default), and returns what the tests compare. */
async function postRaw(path: string, rawBody: string, headers: Record<string, string> = JSON_HEADERS) {
  return answer(await server.call('POST', path, { rawBody, headers }));
}

const INVALID_JSON: ErrorItem = { error: 'invalid_json' };
const UNSUPPORTED: ErrorItem = { error: 'unsupported_media_type' };
const TOO_LARGE: ErrorItem = { error: 'payload_too_large' };

describe.each(ENDPOINTS)('POST $path', ({ path, valid, wrongTypes, wrongTypeErrors }) => {
  it('refuses malformed JSON with 400 invalid_json', async () => {
    expect(await postRaw(path, '{"a":')).toEqual(refusal(400, [INVALID_JSON]));
    expect(await postRaw(path, `${JSON.stringify(valid)}}`)).toEqual(refusal(400, [INVALID_JSON]));
  });

  it('refuses a JSON array with 400 invalid_json, even one holding a valid body', async () => {
    expect(await postRaw(path, '[]')).toEqual(refusal(400, [INVALID_JSON]));
    expect(await postRaw(path, JSON.stringify([valid]))).toEqual(refusal(400, [INVALID_JSON]));
  });

  it('refuses a JSON string, number, boolean or null with 400 invalid_json', async () => {
    for (const rawBody of ['"hello"', '42', 'true', 'null']) {
      expect(await postRaw(path, rawBody), rawBody).toEqual(refusal(400, [INVALID_JSON]));
    }
  });

  it('refuses an empty body with 400 invalid_json', async () => {
    expect(await postRaw(path, '')).toEqual(refusal(400, [INVALID_JSON]));
  });

  it('refuses an unknown field next to valid ones with 400 unknown_field naming the field', async () => {
    expect(answer(await server.post(path, { ...valid, nickname: 'aziza' }))).toEqual(
      refusal(400, [{ error: 'unknown_field', field: 'nickname' }]),
    );
  });

  it('refuses unknown fields named like Object.prototype members (constructor, __proto__) with 400 unknown_field', async () => {
    expect(await postRaw(path, JSON.stringify({ ...valid, constructor: 1 }))).toEqual(
      refusal(400, [{ error: 'unknown_field', field: 'constructor' }]),
    );
    // JSON.parse makes "__proto__" an own field; it must not slip through as the prototype.
    expect(await postRaw(path, JSON.stringify(valid).replace(/}$/, ',"__proto__":{"admin":true}}'))).toEqual(
      refusal(400, [{ error: 'unknown_field', field: '__proto__' }]),
    );
  });

  it('lists an unknown field among the errors of an otherwise empty body', async () => {
    const response = await server.post(path, { nickname: 'aziza' });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors).toContainEqual({ error: 'unknown_field', field: 'nickname' });
    expectCatalogueKeys(response.json.errors as ErrorItem[]);
  });

  it('refuses values of the wrong JSON type with 400, a catalogue key and the field for each', async () => {
    expect(answer(await server.post(path, wrongTypes))).toEqual(refusal(400, wrongTypeErrors));
  });

  it('refuses a body over 16 KiB with 413 payload_too_large', async () => {
    expect(JSON_BODY_LIMIT_BYTES).toBe(16 * 1024);
    expect(await postRaw(path, bodyOfSize(valid, JSON_BODY_LIMIT_BYTES + 1))).toEqual(refusal(413, [TOO_LARGE]));
    expect(await postRaw(path, bodyOfSize(valid, 1024 * 1024))).toEqual(refusal(413, [TOO_LARGE]));
  });

  it('refuses a body over 16 KiB with 413 whatever its content type', async () => {
    expect(await postRaw(path, bodyOfSize(valid, 64 * 1024), { 'content-type': 'text/plain' })).toEqual(
      refusal(413, [TOO_LARGE]),
    );
  });

  it('reads a body of exactly 16 KiB instead of refusing it for its size', async () => {
    expect(await postRaw(path, bodyOfSize(valid, JSON_BODY_LIMIT_BYTES))).toEqual(
      refusal(400, [{ error: 'unknown_field', field: 'padding' }]),
    );
  });

  it('refuses a body sent as text/plain with 415 unsupported_media_type, even when it is JSON', async () => {
    expect(await postRaw(path, JSON.stringify(valid), { 'content-type': 'text/plain' })).toEqual(
      refusal(415, [UNSUPPORTED]),
    );
  });

  it('refuses a body without a content type, or sent as a form, with 415 unsupported_media_type', async () => {
    const rawBody = JSON.stringify(valid);
    expect(await postRaw(path, rawBody, {})).toEqual(refusal(415, [UNSUPPORTED]));
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect(await postRaw(path, rawBody, { 'content-type': type }), type).toEqual(refusal(415, [UNSUPPORTED]));
    }
  });

  it('reads application/json with a charset parameter', async () => {
    const rawBody = JSON.stringify({ ...valid, nickname: 'x' });
    expect(await postRaw(path, rawBody, { 'content-type': 'application/json; charset=utf-8' })).toEqual(
      refusal(400, [{ error: 'unknown_field', field: 'nickname' }]),
    );
  });

  it('marks its error answers as not to be stored by caches', async () => {
    const response = await server.call('POST', path, { rawBody: '{"a":', headers: JSON_HEADERS });
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
