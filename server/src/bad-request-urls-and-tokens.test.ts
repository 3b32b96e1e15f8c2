/**
 * Requests that are wrong in their query, path or bearer token: each gets a 4xx with a catalogue key
 * (or the RFC 6750 §3 challenge), never a 5xx. (JSON bodies wrong in form: bad-request-bodies.test.ts.)
 */
import { describe, it, expect } from 'vitest';
import { answer, refusal } from './test-support/refusals.js';
import { V1, useTestServer } from './test-support/test-server.js';

const base64urlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const server = useTestServer();

describe('GET /sso/api/v1/check/CheckUserExists/', () => {
  const path = `${V1}/check/CheckUserExists/`;

  it('refuses a request with neither phone nor email with 400 field_required', async () => {
    expect(answer(await server.call('GET', path))).toEqual(refusal(400, [{ error: 'field_required', field: 'phone' }]));
  });

  it('refuses a request with both phone and email with 400', async () => {
    expect(answer(await server.call('GET', `${path}?phone=%2B998901234567&email=aziza%40gmail.com`))).toEqual(
      refusal(400, [{ error: 'invalid_value', field: 'email' }]),
    );
  });

  it('refuses phone=abc with 400 invalid_phone', async () => {
    expect(answer(await server.call('GET', `${path}?phone=abc`))).toEqual(
      refusal(400, [{ error: 'invalid_phone', field: 'phone' }]),
    );
  });

  it('refuses a malformed email with 400 invalid_email', async () => {
    expect(answer(await server.call('GET', `${path}?email=no-at`))).toEqual(
      refusal(400, [{ error: 'invalid_email', field: 'email' }]),
    );
  });

  it('refuses an unknown query parameter with 400 unknown_field naming it', async () => {
    expect(answer(await server.call('GET', `${path}?phone=%2B998901234567&utm_source=x`))).toEqual(
      refusal(400, [{ error: 'unknown_field', field: 'utm_source' }]),
    );
  });

  it('answers a well-formed question with 200 (the refusals above are about form, not about the route)', async () => {
    const response = await server.call('GET', `${path}?phone=%2B998901234567`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ exists: false });
  });
});

describe('unknown paths and methods', () => {
  it('answers an unknown API path with 404 not_found', async () => {
    const response = await server.call('GET', `${V1}/nope/`);
    expect(answer(response)).toEqual(refusal(404, [{ error: 'not_found' }]));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(answer(await server.post(`${V1}/nope/`, {}))).toEqual(refusal(404, [{ error: 'not_found' }]));
  });

  it('answers GET on a POST-only endpoint with 404 not_found', async () => {
    const response = await server.call('GET', `${V1}/login/LoginUser/`);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ error: 'not_found' }] });
  });
});

describe('GET /sso/api/v1/user/MyProfile without a valid token', () => {
  const path = `${V1}/user/MyProfile`;

  it('answers a request without a token with 401 not_authenticated and a Bearer challenge', async () => {
    const response = await server.call('GET', path);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers another authorization scheme like a missing token', async () => {
    const response = await server.call('GET', path, { headers: { authorization: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l' } });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers a garbage token with 401 token_not_valid and an invalid_token challenge', async () => {
    const response = await server.call('GET', path, { token: 'garbage' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('answers a well-formed JWT signed by nobody it knows with 401 token_not_valid', async () => {
    const forged = `${base64urlJson({ alg: 'none', typ: 'at+jwt' })}.${base64urlJson({ sub: 'x', sid: 'y', iss: server.config.publicUrl })}.`;
    const response = await server.call('GET', path, { token: forged });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
  });
});
