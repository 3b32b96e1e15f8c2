/**
 * Sign-in by QR (issue 39, docs/api.md "Sign-in by QR"): the browser's request, the phone's view,
 * approval by number matching and its refusals, and the tokens handed to the browser once. Runs on
 * SQLite, and on PostgreSQL with KIRISH_TEST_DATABASE=postgres.
 */
import { describe, expect, it } from 'vitest';
import {
  QR_APPROVAL_TOKEN_MAX_AGE_SECONDS,
  QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP,
  SPENT_CODE_KEEP_SECONDS,
} from '../../config/policy.js';
import { sha256 } from '../../lib/secrets.js';
import { sweepSpentCodes } from '../../services/spent-codes.js';
import { DESKTOP_IP, QR_REQUESTS, qrSteps } from '../../test-support/qr-login.js';
import { EVENTS, PROFILE, SESSIONS, useSecurityTests } from '../../test-support/security.js';
import { V1 } from '../../test-support/test-server.js';

const PHONE = '+998901390039';
const { server, steps, tokens } = useSecurityTests(PHONE);
const qr = qrSteps(server);

const otherNumber = (numbers: string[], number: string) => numbers.find((n) => n !== number) ?? '';

describe('POST /qr/login-requests/', () => {
  it('answers 201 with an id and secret of at least 128 bits, the scanner URL, a two-digit number and 60 s', async () => {
    const answer = await server.post(QR_REQUESTS, undefined, { ip: DESKTOP_IP });
    expect(answer.status).toBe(201);
    const { id, secret, qr: url, number, expires_in } = answer.json;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${server.config.publicUrl}/personal/qr-scanner#${id}`);
    expect(number).toMatch(/^\d{2}$/);
    expect(expires_in).toBe(60);
    // The browser is bound to a device now: its sign-in's session will record it.
    expect(answer.headers.get('set-cookie')).toContain('__Host-');
    // Only the secret's hash is kept.
    const stored = await server.storage.qrLogins.find(id);
    expect(stored?.secretHash).toBe(sha256(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it(`refuses more than ${QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP} a minute from one address with 429 and Retry-After`, async () => {
    for (let i = 0; i < QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP; i += 1) await qr.create('192.0.2.50');
    const refused = await server.post(QR_REQUESTS, undefined, { ip: '192.0.2.50' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await server.post(QR_REQUESTS, undefined, { ip: '192.0.2.51' })).status).toBe(201);
  });
});

describe('the phone approves', () => {
  it('shows the requesting browser and three numbers, marks it scanned, and signs the browser in as a session of its own', async () => {
    const request = await qr.create();
    const view = await qr.details(request.id, tokens.access);
    expect(view.status).toBe(200);
    expect(view.json).toEqual({
      id: request.id,
      browser: 'Chrome',
      os: 'Windows',
      ip: DESKTOP_IP,
      place: null,
      created_at: new Date(server.clock.now()).toISOString(),
      expires_in: 60,
      numbers: expect.arrayContaining([request.number]),
    });
    expect(new Set(view.json.numbers).size).toBe(3);
    expect((await qr.events(request.id, request.secret)).json).toEqual({ state: 'scanned' });

    const approved = await qr.approve(request.id, tokens.access, { number: request.number, save: true });
    expect(approved.status).toBe(204);
    const event = await qr.events(request.id, request.secret, 'scanned');
    expect(event.status).toBe(200);
    expect(event.json).toMatchObject({ state: 'approved', tokens: { user_uuid: tokens.user_uuid, has_phone: true } });
    const desktop = event.json.tokens;
    expect(desktop.session).not.toBe(tokens.session);
    expect(await steps.works(desktop)).toEqual({ access: 200, refresh: 200 });

    const sessions = (await server.call('GET', SESSIONS, { token: tokens.access })).json;
    expect(sessions).toContainEqual(
      expect.objectContaining({ id: desktop.session, source: 'qr', method: 'qr', browser: 'Chrome', os: 'Windows' }),
    );
    const log = (await server.call('GET', EVENTS, { token: tokens.access })).json.results;
    expect(log.map((entry: { type: string }) => entry.type).slice(0, 2)).toEqual(['login', 'qr_approved']);
    expect(log[1].details).toEqual({ ip: DESKTOP_IP, browser: 'Chrome', os: 'Windows' });
  });

  it('hands the tokens over once: a second read gets 409 and nothing of them', async () => {
    const request = await qr.create();
    await qr.approve(request.id, tokens.access, { number: request.number });
    const first = await qr.events(request.id, request.secret);
    expect(first.json.state).toBe('approved');
    const second = await qr.events(request.id, request.secret);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({ errors: [{ error: 'qr_request_closed' }] });
    expect(second.text).not.toContain(first.json.tokens.refresh);
  });

  it('hands the tokens to exactly one of five parallel readers', async () => {
    const request = await qr.create();
    await qr.approve(request.id, tokens.access, { number: request.number });
    const reads = await Promise.all(Array.from({ length: 5 }, () => qr.events(request.id, request.secret)));
    expect(reads.map((read) => read.status).toSorted()).toEqual([200, 409, 409, 409, 409]);
    const sessions = (await server.call('GET', SESSIONS, { token: tokens.access })).json;
    expect(sessions.filter((s: { source: string }) => s.source === 'qr')).toHaveLength(1);
  });

  it('refuses a replayed approval with qr_request_closed', async () => {
    const request = await qr.create();
    expect((await qr.approve(request.id, tokens.access, { number: request.number })).status).toBe(204);
    const replay = await qr.approve(request.id, tokens.access, { number: request.number });
    expect(replay.status).toBe(409);
    expect(replay.json).toEqual({ errors: [{ error: 'qr_request_closed' }] });
  });
});

describe('refusals', () => {
  it('kills the request at a wrong number: qr_number_mismatch, then even the right one is refused and the browser hears denied', async () => {
    const request = await qr.create();
    const view = await qr.details(request.id, tokens.access);
    const wrong = await qr.approve(request.id, tokens.access, {
      number: otherNumber(view.json.numbers, request.number),
    });
    expect(wrong.status).toBe(409);
    expect(wrong.json).toEqual({ errors: [{ error: 'qr_number_mismatch' }] });
    const right = await qr.approve(request.id, tokens.access, { number: request.number });
    expect(right.status).toBe(409);
    expect(right.json).toEqual({ errors: [{ error: 'qr_request_closed' }] });
    expect((await qr.events(request.id, request.secret, 'scanned')).json).toEqual({ state: 'denied' });
  });

  it('refuses an approval after a denial, and the browser hears denied', async () => {
    const request = await qr.create();
    expect((await qr.deny(request.id, tokens.access)).status).toBe(204);
    const approval = await qr.approve(request.id, tokens.access, { number: request.number });
    expect(approval.status).toBe(409);
    expect(approval.json).toEqual({ errors: [{ error: 'qr_request_closed' }] });
    expect((await qr.events(request.id, request.secret)).json).toEqual({ state: 'denied' });
  });

  it('refuses an expired request with qr_request_expired after 60 s, and the browser hears expired', async () => {
    const request = await qr.create();
    server.clock.advanceSeconds(59);
    expect((await qr.details(request.id, tokens.access)).status).toBe(200);
    server.clock.advanceSeconds(1);
    for (const answer of [
      await qr.details(request.id, tokens.access),
      await qr.approve(request.id, tokens.access, { number: request.number }),
      await qr.deny(request.id, tokens.access),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.json).toEqual({ errors: [{ error: 'qr_request_expired' }] });
    }
    expect((await qr.events(request.id, request.secret, 'scanned')).json).toEqual({ state: 'expired' });
  });

  it('answers events with a wrong, missing or other request’s secret as for an unknown id: 404 qr_request_not_found', async () => {
    const request = await qr.create();
    const other = await qr.create();
    for (const answer of [
      await qr.events(request.id, 'A'.repeat(43)),
      await qr.events(request.id, undefined),
      await qr.events(request.id, other.secret),
      await qr.events('no-such-request-id-00000', request.secret),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ errors: [{ error: 'qr_request_not_found' }] });
    }
    // The secret in the URL is no secret: only the header counts.
    const inUrl = await server.call('GET', `${QR_REQUESTS}${request.id}/events?wait=long&secret=${request.secret}`);
    expect(inUrl.status).toBe(404);
  });

  it('answers the phone 404 qr_request_not_found for an unknown id', async () => {
    const answer = await qr.details('no-such-request-id-00000', tokens.access);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ errors: [{ error: 'qr_request_not_found' }] });
  });

  it('refuses the calls of the phone without a token', async () => {
    const request = await qr.create();
    expect((await server.call('GET', `${QR_REQUESTS}${request.id}/`)).status).toBe(401);
    expect((await server.post(`${QR_REQUESTS}${request.id}/approve/`, { number: request.number })).status).toBe(401);
  });

  it('refuses a deactivated account with account_inactive, and the request stays open', async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    expect(
      (await server.post(`${V1}/user/deactivate/`, { request_id: requestId }, { token: tokens.access })).status,
    ).toBe(200);
    const request = await qr.create();
    for (const answer of [
      await qr.details(request.id, tokens.access),
      await qr.approve(request.id, tokens.access, { number: request.number }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ errors: [{ error: 'account_inactive' }] });
    }
    expect((await qr.events(request.id, request.secret, 'scanned')).json).toEqual({ state: 'pending' });
  });

  it(`asks a token older than ${QR_APPROVAL_TOKEN_MAX_AGE_SECONDS / 60} minutes for a step-up proof first, and approves with one`, async () => {
    server.clock.advanceSeconds(QR_APPROVAL_TOKEN_MAX_AGE_SECONDS + 1);
    const request = await qr.create();
    const stale = await qr.approve(request.id, tokens.access, { number: request.number });
    expect(stale.status).toBe(400);
    expect(stale.json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
    // Refused for the token, the request is still open.
    expect((await qr.events(request.id, request.secret, 'scanned')).json).toEqual({ state: 'pending' });
    const proof = await steps.proofByPassword(tokens.access);
    const approved = await qr.approve(request.id, tokens.access, { number: request.number, proof });
    expect(approved.status).toBe(204);
    expect((await qr.events(request.id, request.secret)).json.state).toBe('approved');
    // A token just signed needs none.
    const fresh = await steps.signIn(PHONE);
    const next = await qr.create();
    expect((await qr.approve(next.id, fresh.access, { number: next.number })).status).toBe(204);
  });

  it('refuses a malformed approval with invalid_value', async () => {
    const request = await qr.create();
    const answer = await qr.approve(request.id, tokens.access, { number: 7 });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ error: 'invalid_value', field: 'number' }] });
    expect((await qr.events(request.id, request.secret, 'scanned')).json).toEqual({ state: 'pending' });
  });
});

it('makes the browser’s profile reachable with the tokens it was given', async () => {
  const request = await qr.create();
  await qr.approve(request.id, tokens.access, { number: request.number });
  const desktop = (await qr.events(request.id, request.secret)).json.tokens;
  const profile = await server.call('GET', PROFILE, { token: desktop.access });
  expect(profile.status).toBe(200);
  expect(profile.json.id).toBe(tokens.user_uuid);
});

it('drops a request with the spent codes a day after it expired, and only then', async () => {
  const request = await qr.create();
  server.clock.advanceSeconds(60 + SPENT_CODE_KEEP_SECONDS - 1);
  await sweepSpentCodes(server.storage, server.clock);
  expect(await server.storage.qrLogins.find(request.id)).toBeDefined();
  server.clock.advanceSeconds(2);
  await sweepSpentCodes(server.storage, server.clock);
  expect(await server.storage.qrLogins.find(request.id)).toBeUndefined();
});
