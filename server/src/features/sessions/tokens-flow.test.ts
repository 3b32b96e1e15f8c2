import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const REFRESH = `${V1}/TokenRefresh/`;
const PROFILE = `${V1}/user/MyProfile`;

const server = useTestServer();
let tokens: { access: string; refresh: string; session: string };
beforeEach(async () => {
  tokens = await server.registerByPhone('+998901110022', { save: true });
});

const refresh = (token: string) => server.post(REFRESH, { refresh: token });
const sessionRow = () => server.db.selectFrom('sessions').selectAll().where('id', '=', tokens.session).executeTakeFirstOrThrow();

describe('refreshing', () => {
  it('rotates: each refresh returns a new pair, and the new access token works', async () => {
    const first = await refresh(tokens.refresh);
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).toSorted()).toEqual(['access', 'refresh']);
    expect(first.json.refresh).not.toBe(tokens.refresh);
    expect((await server.call('GET', PROFILE, { token: first.json.access })).status).toBe(200);
    const second = await refresh(first.json.refresh);
    expect(second.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
  });

  it('needs neither Authorization nor Device-Id', async () => {
    const answer = await server.call('POST', REFRESH, { body: { refresh: tokens.refresh }, headers: {} });
    expect(answer.status).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const rows = await server.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh);
  });

  it('ends the whole family when a rotated token comes back after the grace window', async () => {
    const first = await refresh(tokens.refresh);
    const second = await refresh(first.json.refresh);
    server.clock.advanceSeconds(11);
    const replay = await refresh(tokens.refresh);
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    // The newest token of the family is dead too, and so are its access tokens.
    expect((await refresh(second.json.refresh)).status).toBe(401);
    expect((await server.call('GET', PROFILE, { token: second.json.access })).json.code).toBe('token_not_valid');
    expect(await sessionRow()).toMatchObject({ end_reason: 'refresh_reuse' });
  });

  it('lets two tabs refresh with the same token at once: both get a working pair and the family lives', async () => {
    const [tabA, tabB] = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    expect(tabA?.status).toBe(200);
    expect(tabB?.status).toBe(200);
    expect(tabA?.json.refresh).not.toBe(tabB?.json.refresh);
    server.clock.advanceSeconds(60);
    expect((await refresh(tabA?.json.refresh)).status).toBe(200);
    expect((await refresh(tabB?.json.refresh)).status).toBe(200);
    expect((await sessionRow()).ended_at).toBeNull();
  });

  it('accepts the previous token up to 10 seconds after its rotation, not 11', async () => {
    await refresh(tokens.refresh);
    server.clock.advanceSeconds(10);
    expect((await refresh(tokens.refresh)).status).toBe(200);
    server.clock.advanceSeconds(1);
    expect((await refresh(tokens.refresh)).status).toBe(401);
  });

  it('lets 20 parallel refreshes of one token all succeed inside the window, each with its own token', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refresh)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json.refresh)).size).toBe(20);
  });

  it('refuses an unknown refresh token with 401 token_not_valid', async () => {
    const answer = await refresh('not-a-token');
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('token_not_valid');
  });

  it('lets a saved refresh token live 30 days, an unsaved one a day', async () => {
    server.clock.advanceSeconds(30 * 24 * 3600 - 1);
    const saved = await refresh(tokens.refresh);
    expect(saved.status).toBe(200);
    server.clock.advanceSeconds(30 * 24 * 3600);
    expect((await refresh(saved.json.refresh)).status).toBe(401);

    const unsaved = await server.post(`${V1}/login/LoginUser/`, { phone: '+998901110022', password: 'Qovun-pishdi-Chorsu-7', save: false });
    server.clock.advanceSeconds(24 * 3600);
    expect((await refresh(unsaved.json.refresh)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('are EdDSA JWTs of type at+jwt that expire after 15 minutes', async () => {
    const [header, payload] = tokens.access.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.iss).toBe('http://localhost:8080');
    server.clock.advanceSeconds(899);
    expect((await server.call('GET', PROFILE, { token: tokens.access })).status).toBe(200);
    server.clock.advanceSeconds(1);
    const expired = await server.call('GET', PROFILE, { token: tokens.access });
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect(expired.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [header, payload, signature] = tokens.access.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    forged.sub = 'someone-else';
    const token = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect((await server.call('GET', PROFILE, { token })).status).toBe(401);
  });

  it('refuses a token signed with alg none', async () => {
    const [, payload] = tokens.access.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`;
    expect((await server.call('GET', PROFILE, { token: none })).status).toBe(401);
  });
});

describe('logging out', () => {
  it('ends the session: its access and refresh tokens stop working at once', async () => {
    const out = await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: tokens.access });
    expect(out.status).toBe(204);
    expect((await server.call('GET', PROFILE, { token: tokens.access })).status).toBe(401);
    expect((await refresh(tokens.refresh)).status).toBe(401);
    expect(await sessionRow()).toMatchObject({ end_reason: 'logout' });
  });

  it('leaves the same account\'s other sessions signed in', async () => {
    const other = await server.post(`${V1}/login/LoginUser/`, { phone: '+998901110022', password: 'Qovun-pishdi-Chorsu-7' });
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: tokens.access });
    expect((await server.call('GET', PROFILE, { token: other.json.access })).status).toBe(200);
  });
});

describe('the grace window', () => {
  it('covers only the immediately previous token: once its successor is used, the old one is reuse', async () => {
    const first = await refresh(tokens.refresh);
    const second = await refresh(first.json.refresh);
    const replay = await refresh(tokens.refresh);
    expect(replay.status).toBe(401);
    expect((await refresh(second.json.refresh)).status).toBe(401);
    expect(await sessionRow()).toMatchObject({ end_reason: 'refresh_reuse' });
  });
});
