/**
 * Issue 33: the device secret is fixed like a session identifier, over a real socket. A cookie a
 * sibling subdomain, a plain-http answer or a tossed longer-path cookie could plant — under the old
 * names or the `__Host-` ones, never issued or issued to the attacker's own browser — is never
 * adopted by a sign-in, and joining a sign-in from a partner's frame is a credential event with a
 * nonce, a session of its own and a line in the security log (docs/fedcm.md, Threat model).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_ID } from '../server/src/demo-data.js';
import { latestCode } from './support/outbox.js';
import { useServer } from './support/server-process.js';

const V1 = '/sso/api/v1';
const kirish = useServer('kirish-device-');
let origin = '';
let demoOrigin = '';

beforeAll(() => {
  ({ origin, demoOrigin } = kirish.server);
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
  secret: string | undefined;
  setCookies: string[];
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const setCookies = response.headers.getSetCookie();
  const secret = setCookies.map((line) => /^__Host-kirish_device=([^;]+)/.exec(line)?.[1]).find(Boolean);
  return { status: response.status, json: text ? JSON.parse(text) : {}, secret, setCookies };
}

const unissued = () => randomBytes(32).toString('base64url');
const signIn = (cookie?: string) =>
  call('POST', `${V1}/login/LoginUser/`, {
    body: { phone: DEMO_ACCOUNT.phone, password: DEMO_ACCOUNT.password },
    cookie,
  });

let phones = 0;
/** An attacker's own account, registered in the attacker's own browser: its device secret was issued by the server. */
async function attackerBrowser(): Promise<{ secret: string; access: string; uuid: string }> {
  const phone = `+9989355500${String(++phones).padStart(2, '0')}`;
  const purpose = { type: 'login_sms_verification', phone };
  expect((await call('POST', `${V1}/auth/SendAuthSmsVerification/`, { body: purpose })).status).toBe(200);
  const checked = await call('POST', `${V1}/auth/CheckAuthSmsVerification/`, {
    body: { ...purpose, code: await latestCode(origin, phone) },
  });
  const body = {
    request_id: checked.json.request_id,
    password: 'Zarafshon-Qovun-2026',
    first_name: 'Hujum',
    last_name: 'Chi',
    kind: 2,
  };
  const registered = await call('POST', '/sso/api/v2/register/RegisterUser/', { body });
  expect(registered.status).toBe(201);
  return {
    secret: registered.secret ?? '',
    access: String(registered.json.access),
    uuid: String(registered.json.user_uuid),
  };
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
/** The uuids GET /fedcm/frame/accounts/ lists for a device secret sent as the `_idp` cookie. */
const frameAccounts = async (secret: string) =>
  (
    (await call('GET', `${V1}/fedcm/frame/accounts/`, { cookie: `__Host-kirish_idp=${secret}`, headers: SAME_ORIGIN }))
      .json.accounts as { uuid: string }[]
  )
    .map((account) => account.uuid)
    .toSorted();
const partner = (uuid: string) => ({ user_uuid: uuid, client_id: DEMO_CLIENT_ID, origin: demoOrigin });
const frameCall = (path: 'nonce/' | 'session/', secret: string, body: unknown) =>
  call('POST', `${V1}/fedcm/frame/${path}`, { cookie: `__Host-kirish_idp=${secret}`, headers: SAME_ORIGIN, body });

describe('a planted device cookie', () => {
  // How each gets into the victim's browser: a sibling subdomain or a plain-http answer sets the old,
  // unprefixed names; a `__Host-` one the browser would refuse from them is sent here as is; a tossed
  // cookie with a longer path (Path=/sso/api/) comes first in the Cookie header (RFC 6265bis §5.8.3).
  const plantings: [string, (attacker: string, own: string, never: string) => string][] = [
    ['__Host-kirish_device, never issued', (_attacker, _own, never) => `__Host-kirish_device=${never}`],
    ['__Host-kirish_idp, never issued', (_attacker, _own, never) => `__Host-kirish_idp=${never}`],
    ['kirish_device', (attacker) => `kirish_device=${attacker}`],
    ['kirish_idp', (attacker) => `kirish_idp=${attacker}`],
    ['__Host-kirish_device', (attacker) => `__Host-kirish_device=${attacker}`],
    ['__Host-kirish_idp', (attacker) => `__Host-kirish_idp=${attacker}`],
    [
      'a longer-path __Host-kirish_device before the browser’s own',
      (attacker, own) => `__Host-kirish_device=${attacker}; __Host-kirish_device=${own}`,
    ],
    [
      'a longer-path kirish_device before the browser’s own',
      (attacker, own) => `kirish_device=${attacker}; __Host-kirish_device=${own}`,
    ],
  ];

  it.each(plantings)(
    'under %s is never adopted: the sign-in sets a new secret, and the planted one gets nothing of the victim',
    async (_, plant) => {
      const attacker = await attackerBrowser();
      const own = (await signIn()).secret ?? '';
      const never = unissued();
      const victim = await signIn(plant(attacker.secret, own, never));
      expect(victim.status).toBe(200);
      const fresh = victim.secret ?? '';
      expect(fresh).toMatch(/^[\w-]{43}$/);
      expect([attacker.secret, own, never]).not.toContain(fresh);
      expect(victim.setCookies).toContain(
        `__Host-kirish_idp=${fresh}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=None`,
      );
      const victimUuid = String(victim.json.user_uuid);

      // What the attacker's secret gets now: not the victim's account anywhere.
      expect(await frameAccounts(attacker.secret)).not.toContain(victimUuid);
      expect((await frameCall('nonce/', attacker.secret, partner(victimUuid))).status).toBe(404);
      const profiles = await call('GET', `${V1}/user/deviceprofile/DeviceProfileList`, {
        token: attacker.access,
        cookie: `__Host-kirish_device=${attacker.secret}`,
      });
      expect((profiles.json as unknown as { uuid: string }[]).map((p) => p.uuid)).not.toContain(victimUuid);
      // Nor does the never-issued one.
      expect(await frameAccounts(never)).toEqual([]);
      expect(await frameAccounts(fresh)).toContain(victimUuid);
    },
  );

  it('of the attacker’s own browser takes the attacker’s account into the victim’s browser, and leaves the attacker nothing', async () => {
    const attacker = await attackerBrowser();
    const victim = await signIn(`__Host-kirish_device=${attacker.secret}`);
    const fresh = victim.secret ?? '';
    expect(await frameAccounts(fresh)).toEqual([attacker.uuid, String(victim.json.user_uuid)].toSorted());
    expect(await frameAccounts(attacker.secret)).toEqual([]);
  });
});

describe('joining a sign-in from a partner’s frame', () => {
  it('needs a nonce of this device, used once; is logged with the partner’s origin; is a session the owner can end', async () => {
    const laptop = await signIn();
    const secret = laptop.secret ?? '';
    const uuid = String(laptop.json.user_uuid);
    const refused = { errors: [{ error: 'frame_join_expired' }] };
    expect([
      (await frameCall('session/', secret, partner(uuid))).status,
      (await frameCall('session/', secret, partner(uuid))).json,
    ]).toEqual([403, refused]);
    // Another browser of the same account: its nonce is not this device's.
    const phone = await signIn();
    const phoneNonce = (await frameCall('nonce/', phone.secret ?? '', partner(uuid))).json.nonce;
    expect((await frameCall('session/', secret, { ...partner(uuid), nonce: phoneNonce })).status).toBe(403);

    const nonce = (await frameCall('nonce/', secret, partner(uuid))).json.nonce;
    const joined = await frameCall('session/', secret, { ...partner(uuid), nonce });
    expect(joined.status).toBe(200);
    expect((await frameCall('session/', secret, { ...partner(uuid), nonce })).status).toBe(403);
    const frameToken = String(joined.json.access);

    const events = await call('GET', `${V1}/user/security/events/?page=1&page_size=5`, {
      token: String(laptop.json.access),
    });
    expect((events.json.results as unknown as { type: string; details: Record<string, string> }[])[0]).toMatchObject({
      type: 'frame_session_joined',
      details: { origin: demoOrigin, client_id: DEMO_CLIENT_ID, session_id: joined.json.session },
    });
    const sessions = (await call('GET', `${V1}/user/sessions/`, { token: String(laptop.json.access) }))
      .json as unknown as {
      id: string;
      partner_origin: string | null;
    }[];
    expect(sessions.find((session) => session.id === joined.json.session)?.partner_origin).toBe(demoOrigin);

    const proof = await call('POST', `${V1}/user/security/proof/`, {
      token: String(laptop.json.access),
      body: { password: DEMO_ACCOUNT.password },
    });
    const ended = await call('POST', `${V1}/user/sessions/end-others/`, {
      token: String(laptop.json.access),
      body: { proof: proof.json.proof },
    });
    expect(ended.status).toBe(200);
    expect((await call('GET', `${V1}/user/MyProfile`, { token: frameToken })).status).toBe(401);
    expect((await call('POST', `${V1}/TokenRefresh/`, { body: { refresh: joined.json.refresh } })).status).toBe(401);
  });

  it('is ended by a password change that keeps the other sign-ins', async () => {
    const laptop = await signIn();
    const uuid = String(laptop.json.user_uuid);
    const nonce = (await frameCall('nonce/', laptop.secret ?? '', partner(uuid))).json.nonce;
    const joined = await frameCall('session/', laptop.secret ?? '', { ...partner(uuid), nonce });
    expect(joined.status).toBe(200);
    const body = {
      old_password: DEMO_ACCOUNT.password,
      new_password: 'Boshqa-Qovun-Chorsu-9',
      end_other_sessions: false,
    };
    expect(
      (await call('POST', `${V1}/user/change-password/`, { token: String(laptop.json.access), body })).status,
    ).toBe(200);
    expect((await call('GET', `${V1}/user/MyProfile`, { token: String(joined.json.access) })).status).toBe(401);
    expect((await call('POST', `${V1}/TokenRefresh/`, { body: { refresh: joined.json.refresh } })).status).toBe(401);
    expect((await call('GET', `${V1}/user/MyProfile`, { token: String(laptop.json.access) })).status).toBe(200);
  });
});
