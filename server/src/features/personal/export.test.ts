import { describe, expect, it } from 'vitest';
import { solidImage } from '../../lib/images.js';
import { developerCalls } from '../../test-support/developers.js';
import { oauthSteps, PARTNER_ID } from '../../test-support/oauth.js';
import { STRONG_PASSWORD, useTestServer, V1 } from '../../test-support/test-server.js';

const EXPORT = `${V1}/user/export/`;

const server = useTestServer();

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

describe('GET /user/export/', () => {
  it('hands over the profile, addresses, sessions, apps and security log as a JSON file', async () => {
    const tokens = await server.registerByPhone(
      '+998903330011',
      {},
      {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      },
    );
    await server.call('PATCH', `${V1}/user/profile/`, {
      token: tokens.access,
      body: { username: 'dilnoza', birth_date: '1995-05-09' },
    });
    const form = new FormData();
    form.append('photo', new File([await solidImage(20, 20, 'png')], 'me.png'));
    await server.app.request(`${V1}/user/photo/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    await server.post(
      `${V1}/user/addresses/`,
      { region: 'tashkent-city', district: 'chilanzar', street: 'Bunyodkor', house: '5' },
      { token: tokens.access },
    );
    const other = await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: STRONG_PASSWORD });
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: other.json.access });
    const oauth = oauthSteps(server);
    await oauth.registerClients();
    await oauth.tokens(tokens.access);

    const answer = await server.call('GET', EXPORT, { token: tokens.access });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="kirish-data-2026-11-22.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const data = answer.json;
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'profile',
      'addresses',
      'sessions',
      'grants',
      'registered_apps',
      'linked_identities',
      'passkeys',
      'two_step',
      'audit_log',
    ]);
    expect(data.exported_at).toBe(new Date(server.clock.now()).toISOString());
    expect(data.profile).toEqual((await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access })).json);
    expect(data.profile.profile).toMatchObject({
      username: 'dilnoza',
      birth_date: '1995-05-09',
      photo: expect.stringMatching(/^avatars\//),
    });
    expect(data.addresses).toEqual([
      expect.objectContaining({ district: 'chilanzar', street: 'Bunyodkor', is_default: true }),
    ]);
    expect(data.sessions).toHaveLength(3);
    expect(data.sessions).toContainEqual(
      expect.objectContaining({
        id: tokens.session,
        kind: 'sso',
        device: 'desktop',
        browser: 'Chrome',
        os: 'Windows',
        ip: '203.0.113.7',
        ended_at: null,
      }),
    );
    expect(data.sessions).toContainEqual(
      expect.objectContaining({ id: other.json.session, end_reason: 'logout', ended_at: expect.any(String) }),
    );
    expect(data.sessions).toContainEqual(expect.objectContaining({ kind: 'oauth', client_id: PARTNER_ID }));
    expect(data.grants).toEqual([expect.objectContaining({ client_id: PARTNER_ID, scopes: ['openid', 'profile'] })]);
    expect(Array.isArray(data.audit_log)).toBe(true);
  });

  it('contains no secret, hash or token', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await server.post(
      `${V1}/user/addresses/`,
      { region: 'bukhara', district: 'bukhara-city', street: 'Naqshband', house: '3' },
      { token: tokens.access },
    );
    const answer = await server.call('GET', EXPORT, { token: tokens.access });
    const keys = keysOf(answer.json);
    for (const secret of [
      'password_hash',
      'passwordHash',
      'token',
      'token_hash',
      'hash',
      'refresh',
      'access',
      'code',
      'code_hash',
      'proof',
      'secret',
    ]) {
      expect(keys, secret).not.toContain(secret);
    }
    expect(answer.text).not.toContain(tokens.refresh);
    expect(answer.text).not.toContain(tokens.access);
    expect(answer.text).not.toMatch(/\$argon2/);
  });

  it('lists the apps the person registered in the Developers section, never a secret or its hash', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const developers = developerCalls(server);
    const created = await developers.created(tokens.access, {
      kind: 'confidential',
      post_logout_redirect_uris: ['https://bozor.example.uz/signed-out'],
    });
    server.clock.advanceSeconds(60);
    const second = await developers.created(tokens.access, {
      name: 'Bozor Kassa',
      web_origins: [],
      redirect_uris: ['https://kassa.example.uz/cb'],
    });
    // Someone else's app is not part of this person's data.
    const other = await server.registerByPhone('+998903330022');
    await developers.created(other.access, { name: 'Boshqa' });

    const data = (await server.call('GET', EXPORT, { token: tokens.access })).json;
    expect(data.registered_apps).toEqual([
      {
        client_id: created.app.client_id,
        name: 'Bozor Shop',
        kind: 'confidential',
        home_page: 'https://bozor.example.uz/',
        privacy_policy_url: 'https://bozor.example.uz/privacy',
        terms_url: null,
        redirect_uris: ['https://bozor.example.uz/callback', 'http://127.0.0.1:18090/callback'],
        web_origins: ['https://bozor.example.uz', 'http://127.0.0.1:18090'],
        post_logout_redirect_uris: ['https://bozor.example.uz/signed-out'],
        created_at: created.app.created_at,
        updated_at: created.app.created_at,
      },
      expect.objectContaining({
        client_id: second.app.client_id,
        name: 'Bozor Kassa',
        web_origins: [],
        redirect_uris: ['https://kassa.example.uz/cb'],
      }),
    ]);
    const secretHash = (
      await server.db
        .selectFrom('oauth_clients')
        .select('secret_hash')
        .where('id', '=', created.app.client_id)
        .executeTakeFirstOrThrow()
    ).secret_hash;
    const text = JSON.stringify(data);
    expect(text).not.toContain(created.client_secret);
    expect(text).not.toContain(secretHash);
    expect(keysOf(data.registered_apps)).not.toContain('secret_created_at');
  });

  it('is open to a deactivated account, and only to its owner', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const answer = await server.call('GET', EXPORT, { token: tokens.access });
    expect(answer.status).toBe(200);
    expect(answer.json.profile.is_inactivated).toBe(true);
    expect((await server.call('GET', EXPORT)).status).toBe(401);
  });
});
