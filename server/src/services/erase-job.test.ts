/** The erase job: deactivated accounts past their grace period go, with everything kept about them. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ERASE_GRACE_DAYS } from '../config/policy.js';
import { developerCalls } from '../test-support/developers.js';
import { oauthSteps, TOKEN } from '../test-support/oauth.js';
import { securitySteps, type Tokens } from '../test-support/security.js';
import { useTestServer, V1 } from '../test-support/test-server.js';
import { eraseDueAccounts } from './erase-job.js';

const LEAVING = '+998901300011';
const STAYING = '+998901300022';
const DAY_SECONDS = 24 * 60 * 60;
const PHOTO = 'avatars/00000000-0000-4000-8000-000000000000-AAAAAAAAAAAAAAAA.webp';

const server = useTestServer();
const steps = securitySteps(server);
const oauth = oauthSteps(server);
let leaving: Tokens;
let staying: Tokens;

/** Gives an account a bit of everything: a second sign-in, an app's grant and tokens, a proof, an address, a photo. */
async function furnish(tokens: Tokens, phone: string, photo: string | null) {
  await steps.signIn(phone);
  await oauth.tokens(tokens.access);
  await steps.proofByPassword(tokens.access);
  await server.post(`${V1}/login/LoginUser/`, { phone, password: 'wrong-password' });
  const now = server.clock.now();
  await server.db
    .insertInto('addresses')
    .values({
      id: `address-of-${phone}`,
      user_id: tokens.user_uuid,
      label: null,
      region: 'tashkent-city',
      district: 'yunusobod',
      street: 'Amir Temur',
      house: '1',
      apartment: null,
      postal_code: null,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await server.db.updateTable('users').set({ photo }).where('id', '=', tokens.user_uuid).execute();
  await server.storage.cards.insert({
    id: `card-of-${phone}`,
    userId: tokens.user_uuid,
    token: `token-of-${phone}`,
    maskedNumber: '860049******6478',
    brand: 'uzcard',
    expireMonth: 3,
    expireYear: 2099,
    maskedPhone: '99890*****11',
    isDefault: true,
    verifiedAt: now,
    createdAt: now,
  });
}

beforeEach(async () => {
  await oauth.registerClients();
  leaving = await server.registerByPhone(LEAVING, { save: true });
  staying = await server.registerByPhone(STAYING, { save: true });
  await furnish(leaving, LEAVING, PHOTO);
  await furnish(staying, STAYING, null);
  const requestId = await steps.verifySignedIn(leaving.access, { phone: LEAVING }, 'confirm_email_or_phone');
  const deactivated = await server.post(`${V1}/user/deactivate/`, { request_id: requestId }, { token: leaving.access });
  if (deactivated.status !== 200) throw new Error(`deactivation failed: ${deactivated.text}`);
});

const rowCount = async (query: Promise<unknown[]>) => (await query).length;

/** How many rows of each table belong to the account (by user, by its sessions, or by its phone). */
async function rowsOf(userId: string, phone: string) {
  const db = server.db;
  const sessionIds = db.selectFrom('sessions').select('id').where('user_id', '=', userId);
  return {
    users: await rowCount(db.selectFrom('users').select('id').where('id', '=', userId).execute()),
    sessions: await rowCount(db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()),
    refresh_tokens: await rowCount(
      db.selectFrom('refresh_tokens').select('id').where('session_id', 'in', sessionIds).execute(),
    ),
    oauth_grants: await rowCount(db.selectFrom('oauth_grants').select('scope').where('user_id', '=', userId).execute()),
    authorization_codes: await rowCount(
      db.selectFrom('authorization_codes').select('id').where('user_id', '=', userId).execute(),
    ),
    addresses: await rowCount(db.selectFrom('addresses').select('id').where('user_id', '=', userId).execute()),
    payment_cards: await rowCount(db.selectFrom('payment_cards').select('id').where('user_id', '=', userId).execute()),
    audit_events: await rowCount(db.selectFrom('audit_events').select('id').where('user_id', '=', userId).execute()),
    step_up_proofs: await rowCount(
      db.selectFrom('step_up_proofs').select('id').where('user_id', '=', userId).execute(),
    ),
    verifications: await rowCount(db.selectFrom('verifications').select('id').where('contact', '=', phone).execute()),
    otp_codes: await rowCount(db.selectFrom('otp_codes').select('id').where('contact', '=', phone).execute()),
    outbox: await rowCount(db.selectFrom('outbox').select('id').where('recipient', '=', phone).execute()),
    login_throttle: await rowCount(
      db.selectFrom('login_throttle').select('key').where('key', '=', `phone:${phone}`).execute(),
    ),
    limit_locks: await rowCount(db.selectFrom('limit_locks').select('key').where('key', '=', phone).execute()),
  };
}

function recordingPhotos() {
  const removed: string[] = [];
  return { removed, remove: async (source: string) => void removed.push(source) };
}

describe('eraseDueAccounts', () => {
  it('erases an account a day after its grace period with every row about it, and leaves the others', async () => {
    const before = await rowsOf(leaving.user_uuid, LEAVING);
    // Something of each kind was there to erase.
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);
    const others = await rowsOf(staying.user_uuid, STAYING);

    server.clock.advanceSeconds((ACCOUNT_ERASE_GRACE_DAYS + 1) * DAY_SECONDS);
    const photos = recordingPhotos();
    expect(await eraseDueAccounts(server.storage, server.clock, photos)).toBe(1);

    const after = await rowsOf(leaving.user_uuid, LEAVING);
    for (const [table, count] of Object.entries(after)) expect(count, table).toBe(0);
    expect(photos.removed).toEqual([PHOTO]);
    expect(await rowsOf(staying.user_uuid, STAYING)).toEqual(others);
    // The erased account cannot sign in; the other one can.
    expect(
      (await server.post(`${V1}/login/LoginUser/`, { phone: LEAVING, password: 'Qovun-pishdi-Chorsu-7' })).status,
    ).toBe(400);
    expect(
      (await server.post(`${V1}/login/LoginUser/`, { phone: STAYING, password: 'Qovun-pishdi-Chorsu-7' })).status,
    ).toBe(200);
    // And a second run finds nothing more to do.
    expect(await eraseDueAccounts(server.storage, server.clock, photos)).toBe(0);
  });

  it("stops the apps the erased account registered at once: another person's access token of one is refused, not only its refresh", async () => {
    // Registered while its owner could still register (a deactivated account cannot), then handed to
    // the leaving account; the staying one uses the app up to the last moment.
    const app = await developerCalls(server).created(staying.access, { name: 'Vaqtincha' });
    await server.db
      .updateTable('oauth_clients')
      .set({ owner_id: leaving.user_uuid })
      .where('id', '=', app.app.client_id)
      .execute();
    server.clock.advanceSeconds((ACCOUNT_ERASE_GRACE_DAYS + 1) * DAY_SECONDS);
    const user = await steps.signIn(STAYING);
    const tokens = await developerCalls(server).appTokens(user.access, app.app.client_id);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(200);

    // The clock stands still: the token is well within its lifetime when the job runs.
    expect(await eraseDueAccounts(server.storage, server.clock)).toBe(1);
    const refused = await oauth.userinfo(tokens.access_token);
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
    const refreshed = await oauth.postForm(TOKEN, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: app.app.client_id,
    });
    expect(refreshed.status).toBe(401);
    expect(
      await server.db.selectFrom('oauth_clients').select('id').where('id', '=', app.app.client_id).execute(),
    ).toEqual([]);
    const session = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('oauth_client_id', '=', app.app.client_id)
      .executeTakeFirstOrThrow();
    expect(session.end_reason).toBe('owner_erased');
    // The other person's own sign-in to Kirish goes on.
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: user.access })).status).toBe(200);
  });

  it('leaves a deactivated account alone until its day comes', async () => {
    server.clock.advanceSeconds(ACCOUNT_ERASE_GRACE_DAYS * DAY_SECONDS - 1);
    expect(await eraseDueAccounts(server.storage, server.clock)).toBe(0);
    expect((await rowsOf(leaving.user_uuid, LEAVING)).users).toBe(1);
    server.clock.advanceSeconds(1);
    expect(await eraseDueAccounts(server.storage, server.clock)).toBe(1);
  });

  it('never erases a restored account', async () => {
    server.clock.advanceSeconds(121);
    const requestId = await steps.verifySignedIn(leaving.access, { phone: LEAVING }, 'confirm_email_or_phone');
    await server.post(`${V1}/user/restore/`, { request_id: requestId }, { token: leaving.access });
    server.clock.advanceSeconds((ACCOUNT_ERASE_GRACE_DAYS + 1) * DAY_SECONDS);
    expect(await eraseDueAccounts(server.storage, server.clock)).toBe(0);
    expect((await rowsOf(leaving.user_uuid, LEAVING)).users).toBe(1);
  });
});
