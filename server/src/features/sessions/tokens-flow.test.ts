import { beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const REFRESH = `${V1}/TokenRefresh/`;
const PROFILE = `${V1}/user/MyProfile`;

const server = useTestServer();
let tokens: { access: string; refresh: string; session: string };
beforeEach(async () => {
  tokens = await server.registerByPhone('+998901110022', { save: true });
});

const refresh = (token: string) => server.post(REFRESH, { refresh: token });
const sessionRow = () =>
  server.db.selectFrom('sessions').selectAll().where('id', '=', tokens.session).executeTakeFirstOrThrow();
/** The refresh tokens of the session that have not been rotated: the family's live ones. */
const liveTokenHashes = async () =>
  (
    await server.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', tokens.session)
      .where('rotated_at', 'is', null)
      .execute()
  ).map((row) => row.token_hash);
const DAY = 24 * 3600;

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

  it('lets two tabs refresh with the same token at once: both get the same successor, and both can refresh again', async () => {
    const [tabA, tabB] = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    expect([tabA?.status, tabB?.status]).toEqual([200, 200]);
    expect(tabB?.json.refresh).toBe(tabA?.json.refresh);
    for (const tab of [tabA, tabB])
      expect((await server.call('GET', PROFILE, { token: tab?.json.access })).status).toBe(200);
    server.clock.advanceSeconds(60);
    const [againA, againB] = await Promise.all([refresh(tabA?.json.refresh), refresh(tabB?.json.refresh)]);
    expect([againA?.status, againB?.status]).toEqual([200, 200]);
    expect(againB?.json.refresh).toBe(againA?.json.refresh);
    expect((await sessionRow()).ended_at).toBeNull();
  });

  it('accepts the previous token up to 10 seconds after its rotation, with the same successor; at 11 it ends the family', async () => {
    const first = await refresh(tokens.refresh);
    server.clock.advanceSeconds(10);
    const replay = await refresh(tokens.refresh);
    expect(replay.status).toBe(200);
    expect(replay.json.refresh).toBe(first.json.refresh);
    server.clock.advanceSeconds(1);
    expect((await refresh(tokens.refresh)).status).toBe(401);
    expect((await refresh(first.json.refresh)).status).toBe(401);
    expect(await sessionRow()).toMatchObject({ end_reason: 'refresh_reuse' });
  });

  it('answers 20 parallel refreshes of one token with one successor, the only live token of the family', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refresh)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const successors = new Set(answers.map((a) => a.json.refresh as string));
    expect(successors.size).toBe(1);
    const [successor = ''] = successors;
    expect(await liveTokenHashes()).toEqual([sha256(successor)]);
    // The chain goes on from it, and still has one live token.
    const next = await refresh(successor);
    expect(next.status).toBe(200);
    expect(await liveTokenHashes()).toEqual([sha256(next.json.refresh)]);
  });

  it('never issues the same successor twice in a family, nor across families', async () => {
    const other = await server.post(`${V1}/login/LoginUser/`, {
      phone: '+998901110022',
      password: 'Qovun-pishdi-Chorsu-7',
      save: true,
    });
    const seen = new Set<string>([tokens.refresh, other.json.refresh]);
    let [a, b] = [tokens.refresh as string, other.json.refresh as string];
    for (let i = 0; i < 5; i += 1) {
      [a, b] = [(await refresh(a)).json.refresh, (await refresh(b)).json.refresh];
      seen.add(a).add(b);
    }
    expect(seen.size).toBe(12);
  });

  it('refuses an unknown refresh token with 401 token_not_valid', async () => {
    const answer = await refresh('not-a-token');
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('token_not_valid');
  });

  it('ends a saved session 30 days after its sign-in, however often it was refreshed (ASVS 10.4.8)', async () => {
    let current: string = tokens.refresh;
    let elapsedSeconds = 0;
    for (const seconds of [10 * DAY, 20 * DAY, 29 * DAY, 30 * DAY - 1]) {
      server.clock.advanceSeconds(seconds - elapsedSeconds);
      elapsedSeconds = seconds;
      const answer = await refresh(current);
      expect(answer.status, `${seconds} s after the sign-in`).toBe(200);
      current = answer.json.refresh;
    }
    // Every token of the family expires with the session, not 30 days after its own rotation.
    const signedInAt = (await sessionRow()).created_at;
    expect(
      await server.db
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('token_hash', '=', sha256(current))
        .executeTakeFirstOrThrow(),
    ).toEqual({
      expires_at: signedInAt + 30 * DAY * 1000,
    });
    server.clock.advanceSeconds(1);
    const expired = await refresh(current);
    expect([expired.status, expired.json.code]).toEqual([401, 'token_not_valid']);
  });

  it('ends a session signed in without save a day after its sign-in, however often it was refreshed', async () => {
    const unsaved = await server.post(`${V1}/login/LoginUser/`, {
      phone: '+998901110022',
      password: 'Qovun-pishdi-Chorsu-7',
      save: false,
    });
    server.clock.advanceSeconds(12 * 3600);
    const refreshed = await refresh(unsaved.json.refresh);
    expect(refreshed.status).toBe(200);
    server.clock.advanceSeconds(12 * 3600);
    expect((await refresh(refreshed.json.refresh)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('are EdDSA JWTs of type at+jwt that expire after 15 minutes', async () => {
    const [header, payload] = tokens.access
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
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

  it("leaves the same account's other sessions signed in", async () => {
    const other = await server.post(`${V1}/login/LoginUser/`, {
      phone: '+998901110022',
      password: 'Qovun-pishdi-Chorsu-7',
    });
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
