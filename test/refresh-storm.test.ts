/**
 * Issue 10 §3: refreshes that race never fork a token family (RFC 9700 §4.14.2), on the SPA's
 * TokenRefresh and on the OAuth token endpoint, against the built server over real sockets. The
 * family's live refresh tokens are counted in the server's database file. Replays after the grace
 * window and the absolute lifetime need a clock moved by hand: server/src/features/sessions/tokens-flow.test.ts.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, V1, type Answer } from './support/api.js';
import { useServer } from './support/server-process.js';

const REFRESH = `${V1}/TokenRefresh/`;
const TOKEN = `${V1}/oauth/token/`;
const PROFILE = `${V1}/user/MyProfile`;
const CLIENT_ID = 'kirish-demo';
const PASSWORD = 'Samarqand-Shohizinda-1';

let api: ReturnType<typeof apiClient>;
let phones = 0;

const kirish = useServer('kirish-refresh-');

beforeAll(() => {
  api = apiClient(kirish.server.origin);
});

const signIn = () => api.registerByPhone(`+99894${String(1_000_000 + (phones += 1)).padStart(7, '0')}`, PASSWORD);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Reads the server's database file beside it (WAL lets a reader in while the server writes). */
function query<T>(statement: string, ...parameters: string[]): T[] {
  const db = new Database(kirish.databasePath, { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(statement).all(...parameters) as T[];
  } finally {
    db.close();
  }
}

/** The hashes of the session's refresh tokens that were never rotated: the family's live tokens. */
const liveTokenHashes = (sessionId: string) =>
  query<{ token_hash: string }>(
    'SELECT token_hash FROM refresh_tokens WHERE session_id = ? AND rotated_at IS NULL',
    sessionId,
  ).map((row) => row.token_hash);

const refreshSpa = (refresh: string) => api.post(REFRESH, { refresh });
const refreshOAuth = (refresh: string) =>
  api.postForm(TOKEN, { grant_type: 'refresh_token', refresh_token: refresh, client_id: CLIENT_ID });
const sessionOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sid as string;

/** Every answer 200 and all with one refresh token; returns it. */
function oneSuccessor(answers: Answer[], field: 'refresh' | 'refresh_token'): string {
  expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
  const successors = new Set(answers.map((a) => a.json[field] as string));
  expect(successors.size).toBe(1);
  return [...successors][0] ?? '';
}

describe('20 parallel refreshes with one refresh token', () => {
  it("leave exactly one live refresh token on the SPA's TokenRefresh, and the chain goes on from it", async () => {
    const tokens = await signIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refreshSpa(tokens.refresh)));
    const successor = oneSuccessor(answers, 'refresh');
    expect(liveTokenHashes(tokens.session)).toEqual([sha256(successor)]);
    // Each answer has its own working access token.
    expect(new Set(answers.map((a) => a.json.access)).size).toBe(20);
    expect((await api.get(PROFILE, answers[19]?.json.access)).status).toBe(200);

    const next = await refreshSpa(successor);
    expect(next.status).toBe(200);
    expect(liveTokenHashes(tokens.session)).toEqual([sha256(next.json.refresh)]);
  });

  it('leave exactly one live refresh token on the OAuth token endpoint (grant_type=refresh_token)', async () => {
    const spa = await signIn();
    const issued = await api.oauthTokens(spa.access, CLIENT_ID, `${kirish.server.demoOrigin}/callback`);
    expect(issued.status).toBe(200);
    const sessionId = sessionOf(issued.json.access_token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refreshOAuth(issued.json.refresh_token)));
    const successor = oneSuccessor(answers, 'refresh_token');
    expect(liveTokenHashes(sessionId)).toEqual([sha256(successor)]);

    const next = await refreshOAuth(successor);
    expect(next.status).toBe(200);
    expect(liveTokenHashes(sessionId)).toEqual([sha256(next.json.refresh_token)]);
  });
});

describe('two tabs refreshing at once', () => {
  it('both stay signed in: both get the same successor, both access tokens work, and both can refresh again', async () => {
    const tokens = await signIn();
    const [tabA, tabB] = await Promise.all([refreshSpa(tokens.refresh), refreshSpa(tokens.refresh)]);
    const successor = oneSuccessor([tabA as Answer, tabB as Answer], 'refresh');
    for (const tab of [tabA, tabB]) expect((await api.get(PROFILE, tab?.json.access)).status).toBe(200);

    const again = await Promise.all([refreshSpa(successor), refreshSpa(successor)]);
    oneSuccessor(again, 'refresh');
    for (const tab of again) expect((await api.get(PROFILE, tab.json.access)).status).toBe(200);
  });
});

describe('a replay of an older token', () => {
  it('ends the family when it is not the immediately previous token, whatever the time', async () => {
    const tokens = await signIn();
    const first = await refreshSpa(tokens.refresh);
    const second = await refreshSpa(first.json.refresh);
    expect(second.status).toBe(200);
    // The first token's successor has been used: presenting the first token again is reuse.
    const replay = await refreshSpa(tokens.refresh);
    expect([replay.status, replay.json.code]).toEqual([401, 'token_not_valid']);
    expect((await refreshSpa(second.json.refresh)).status).toBe(401);
    expect((await api.get(PROFILE, second.json.access)).status).toBe(401);
    expect(query('SELECT end_reason FROM sessions WHERE id = ?', tokens.session)).toEqual([
      { end_reason: 'refresh_reuse' },
    ]);
  });
});
