/** The Developers API: registering, listing, editing and deleting one's apps, and who may. */
import { describe, expect, it } from 'vitest';
import { DEVELOPER_APPS_PER_ACCOUNT } from '../../config/policy.js';
import { APPS, appInput, appPath, developerCalls, problems } from '../../test-support/developers.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
const dev = developerCalls(server);
const signIn = (phone = '+998901112233') => server.registerByPhone(phone);

const appRow = (id: string) =>
  server.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /developers/apps/', () => {
  it('registers a public third-party app owned by the caller, and shows it as given', async () => {
    const me = await signIn();
    const at = new Date(server.clock.now()).toISOString();
    const answer = await dev.create(me.access, { terms_url: 'https://bozor.example.uz/terms' });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      app: {
        client_id: expect.stringMatching(/^app_[A-Za-z0-9_-]{20}$/),
        name: 'Bozor Shop',
        logo_url: null,
        home_page: 'https://bozor.example.uz/',
        privacy_policy_url: 'https://bozor.example.uz/privacy',
        terms_url: 'https://bozor.example.uz/terms',
        redirect_uris: ['https://bozor.example.uz/callback', 'http://127.0.0.1:18090/callback'],
        web_origins: ['https://bozor.example.uz', 'http://127.0.0.1:18090'],
        post_logout_redirect_uris: [],
        kind: 'public',
        has_secret: false,
        secret_created_at: null,
        created_at: at,
        updated_at: at,
      },
      client_secret: null,
    });
    const row = await appRow(answer.json.app.client_id as string);
    expect(row).toMatchObject({
      owner_id: me.user_uuid,
      first_party: 0,
      kind: 'public',
      secret_hash: null,
      scopes: '["openid","profile","phone","email"]',
    });
  });

  it('keeps the name trimmed and a page as parsing writes it, and drops a repeated address', async () => {
    const me = await signIn();
    const answer = await dev.create(me.access, {
      name: '  Bozor  ',
      home_page: 'https://Bozor.example.uz',
      redirect_uris: ['https://bozor.example.uz/cb', 'https://bozor.example.uz/cb'],
    });
    expect(answer.json.app).toMatchObject({
      name: 'Bozor',
      home_page: 'https://bozor.example.uz/',
      redirect_uris: ['https://bozor.example.uz/cb'],
    });
  });

  it("registers a phone app's redirect URI on its own reverse-domain scheme (RFC 8252 §7.1), and refuses `myapp:`", async () => {
    const me = await signIn();
    const phoneApp = await dev.create(me.access, { redirect_uris: ['uz.bozor.app:/oauth'], web_origins: [] });
    expect(phoneApp.status).toBe(201);
    expect(phoneApp.json.app).toMatchObject({ redirect_uris: ['uz.bozor.app:/oauth'], kind: 'public' });
    const ownerless = await dev.create(me.access, { redirect_uris: ['bozor:/oauth'], web_origins: [] });
    expect(problems(ownerless)).toEqual([400, [['redirect_uri_scheme_required', 'redirect_uris']]]);
  });

  it.each([
    [
      'plain http to a public host',
      { redirect_uris: ['http://bozor.example.uz/callback'] },
      ['redirect_uri_scheme_required', 'redirect_uris'],
    ],
    [
      'a fragment',
      { redirect_uris: ['https://bozor.example.uz/callback#x'] },
      ['uri_fragment_not_allowed', 'redirect_uris'],
    ],
    [
      'user-info',
      { redirect_uris: ['https://me@bozor.example.uz/callback'] },
      ['uri_userinfo_not_allowed', 'redirect_uris'],
    ],
    ['a wildcard origin', { web_origins: ['https://*.example.uz'] }, ['uri_wildcard_not_allowed', 'web_origins']],
    ['an origin with a path', { web_origins: ['https://bozor.example.uz/'] }, ['origin_invalid', 'web_origins']],
    [
      'a redirect URI that is not written as it parses',
      { redirect_uris: ['HTTPS://bozor.example.uz/cb'] },
      ['uri_invalid', 'redirect_uris'],
    ],
    [
      'a privacy policy over http',
      { privacy_policy_url: 'http://bozor.example.uz/privacy' },
      ['uri_https_required', 'privacy_policy_url'],
    ],
    ['no privacy policy', { privacy_policy_url: '' }, ['field_required', 'privacy_policy_url']],
    ['terms that are not an address', { terms_url: 'terms.html' }, ['uri_invalid', 'terms_url']],
    [
      'neither a redirect URI nor an origin',
      { redirect_uris: [], web_origins: [] },
      ['redirect_or_origin_required', 'redirect_uris'],
    ],
    [
      'eleven redirect URIs',
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://bozor.example.uz/cb${i}`) },
      ['too_many_uris', 'redirect_uris'],
    ],
    ['an empty name', { name: '   ' }, ['field_required', 'name']],
    ['a name of 61 characters', { name: 'B'.repeat(61) }, ['app_name_too_long', 'name']],
    ['a name with a right-to-left override', { name: 'Bozor\u202Epohs' }, ['app_name_hidden_characters', 'name']],
    ['a name with a zero-width space', { name: 'Pay\u200Bnet' }, ['app_name_hidden_characters', 'name']],
    [
      'a name padded with a Hangul filler',
      { name: 'Paynet\u3164\u3164\u3164' },
      ['app_name_hidden_characters', 'name'],
    ],
    ['a name with a control character', { name: 'Bozor\u0007' }, ['app_name_hidden_characters', 'name']],
    ['an unknown kind', { kind: 'native' }, ['invalid_value', 'kind']],
  ])('refuses %s with its key and field, and stores nothing', async (_name, overrides, expected) => {
    const me = await signIn();
    expect(problems(await dev.create(me.access, overrides))).toEqual([400, [expected]]);
    expect(await server.db.selectFrom('oauth_clients').select('id').execute()).toEqual([]);
  });

  it('names every problem at once, and refuses unknown and missing fields', async () => {
    const me = await signIn();
    const answer = await dev.create(me.access, {
      name: '',
      redirect_uris: ['http://x.uz/cb'],
      web_origins: ['https://x.uz/'],
    });
    expect(problems(answer)).toEqual([
      400,
      [
        ['field_required', 'name'],
        ['redirect_uri_scheme_required', 'redirect_uris'],
        ['origin_invalid', 'web_origins'],
      ],
    ]);
    expect(problems(await dev.create(me.access, { first_party: true }))).toEqual([
      400,
      [['unknown_field', 'first_party']],
    ]);
    const { kind: _kind, ...withoutKind } = appInput();
    expect(problems(await server.post(APPS, withoutKind, { token: me.access }))).toEqual([
      400,
      [['field_required', 'kind']],
    ]);
  });

  it('lets an account register at most the limit of apps', async () => {
    const me = await signIn();
    for (let i = 0; i < DEVELOPER_APPS_PER_ACCOUNT; i++) await dev.created(me.access, { name: `App ${i}` });
    expect(problems(await dev.create(me.access))).toEqual([409, [['app_limit_reached']]]);
    const list = await dev.list(me.access);
    expect(list.json).toMatchObject({ limit: 10, can_register: false, reason: 'limit_reached' });
    expect(list.json.apps).toHaveLength(10);
    // Another account has its own ten.
    expect((await dev.create((await signIn('+998901112299')).access)).status).toBe(201);
  });

  it('asks for a phone number: an account without one may not register', async () => {
    const noPhone = await dev.emailOnlyAccount();
    expect(problems(await dev.create(noPhone.access))).toEqual([403, [['developer_phone_required']]]);
    expect((await dev.list(noPhone.access)).json).toEqual({
      apps: [],
      limit: 10,
      can_register: false,
      reason: 'phone_required',
    });
  });

  it('needs a signed-in account', async () => {
    expect((await server.post(APPS, appInput())).status).toBe(401);
    expect((await server.call('GET', APPS)).status).toBe(401);
    expect((await server.call('GET', APPS, { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('GET, PATCH and DELETE /developers/apps/{client_id}/', () => {
  it("lists one's own apps, the oldest first, and shows each", async () => {
    const me = await signIn();
    const first = await dev.created(me.access, { name: 'First' });
    server.clock.advanceSeconds(60);
    const second = await dev.created(me.access, { name: 'Second' });
    const list = await dev.list(me.access);
    expect(list.json.apps.map((app: { name: string }) => app.name)).toEqual(['First', 'Second']);
    expect(list.json).toMatchObject({ limit: 10, can_register: true, reason: null });
    expect((await dev.get(me.access, second.app.client_id)).json).toEqual({ app: second.app });
    expect((await dev.get(me.access, first.app.client_id)).json.app.name).toBe('First');
  });

  it('edits the given fields only, keeps the kind, and checks the result as a whole', async () => {
    const me = await signIn();
    const { app } = await dev.created(me.access);
    server.clock.advanceSeconds(60);
    const edited = await dev.patch(me.access, app.client_id, { name: 'Bozor Market', web_origins: [] });
    expect(edited.status).toBe(200);
    expect(edited.json.app).toEqual({
      ...app,
      name: 'Bozor Market',
      web_origins: [],
      updated_at: new Date(server.clock.now()).toISOString(),
    });
    expect(problems(await dev.patch(me.access, app.client_id, { redirect_uris: [] }))).toEqual([
      400,
      [['redirect_or_origin_required', 'redirect_uris']],
    ]);
    expect(problems(await dev.patch(me.access, app.client_id, { kind: 'confidential' }))).toEqual([
      400,
      [['app_kind_cannot_change', 'kind']],
    ]);
    expect(problems(await dev.patch(me.access, app.client_id, { redirect_uris: ['https://b.uz/*'] }))).toEqual([
      400,
      [['uri_wildcard_not_allowed', 'redirect_uris']],
    ]);
    expect((await dev.get(me.access, app.client_id)).json.app.name).toBe('Bozor Market');
    expect(
      (await dev.patch(me.access, app.client_id, { kind: 'public', terms_url: 'https://bozor.example.uz/terms' })).json
        .app.terms_url,
    ).toBe('https://bozor.example.uz/terms');
  });

  it("answers another person's app exactly as an unknown one: 404 app_not_found for every call", async () => {
    const owner = await signIn();
    const { app } = await dev.created(owner.access, { kind: 'confidential' });
    const stranger = await signIn('+998901112299');
    const notFound = [404, [['app_not_found']]];
    for (const id of [app.client_id, 'app_unknown']) {
      expect(problems(await dev.get(stranger.access, id))).toEqual(notFound);
      expect(problems(await dev.patch(stranger.access, id, { name: 'Mine now' }))).toEqual(notFound);
      expect(problems(await dev.rotate(stranger.access, id))).toEqual(notFound);
      expect(problems(await server.call('DELETE', appPath(id, 'logo/'), { token: stranger.access }))).toEqual(notFound);
      expect(problems(await dev.remove(stranger.access, id))).toEqual(notFound);
    }
    expect((await dev.list(stranger.access)).json.apps).toEqual([]);
    expect((await dev.get(owner.access, app.client_id)).json.app).toEqual(app);
    // A seeded client has no owner: nobody reaches it here either.
    expect(problems(await dev.get(owner.access, 'kirish-account'))).toEqual(notFound);
  });

  it('deletes the app: it is gone from the list and from the registry', async () => {
    const me = await signIn();
    const { app } = await dev.created(me.access);
    const answer = await dev.remove(me.access, app.client_id);
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect(problems(await dev.get(me.access, app.client_id))).toEqual([404, [['app_not_found']]]);
    expect((await dev.list(me.access)).json.apps).toEqual([]);
    expect(await appRow(app.client_id)).toBeUndefined();
    const info = await server.call('GET', `${V1}/oauth/app_info/?client_id=${app.client_id}`);
    expect(info.status).toBe(400);
  });

  it('writes the creation and the deletion to the security log', async () => {
    const me = await signIn();
    const { app } = await dev.created(me.access);
    await dev.remove(me.access, app.client_id);
    const events = await server.call('GET', `${V1}/user/security/events/`, { token: me.access });
    const types = (events.json.results as Array<{ type: string; details: Record<string, unknown> }>).map((event) => [
      event.type,
      event.details.client_id,
    ]);
    expect(types.slice(0, 2)).toEqual([
      ['app_deleted', app.client_id],
      ['app_created', app.client_id],
    ]);
  });
});
