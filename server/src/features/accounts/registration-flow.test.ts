import { describe, expect, it } from 'vitest';
import { useTestServer, REGISTER_PATH, STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const PHONE = '+998971112233';

const server = useTestServer();

const registration = (requestId: string, extra: Record<string, unknown> = {}) => ({
  request_id: requestId,
  password: STRONG_PASSWORD,
  first_name: 'Jasur',
  last_name: 'Tursunov',
  kind: 2,
  ...extra,
});

describe('registering by phone', () => {
  it('creates the account and signs it in with the token response', async () => {
    const requestId = await server.verify({ phone: PHONE });
    const registered = await server.post(REGISTER_PATH, registration(requestId), {
      headers: {
        'device-id': 'device-A',
        source: 'web',
        'kirish-Source': 'market.uz',
        'user-agent': 'Mozilla/5.0 Test',
      },
    });
    expect(registered.status).toBe(201);
    expect(Object.keys(registered.json).toSorted()).toEqual(['access', 'has_phone', 'refresh', 'session', 'user_uuid']);
    expect(registered.json.has_phone).toBe(true);

    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: registered.json.access });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({
      id: registered.json.user_uuid,
      phone: PHONE,
      email: null,
      profile: { first_name: 'Jasur', last_name: 'Tursunov' },
      is_inactivated: false,
    });
    const session = await server.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    // The device is the hash of the HttpOnly device cookie's secret, never the Device-Id header (middleware/device-key.ts).
    expect(session).toMatchObject({
      id: registered.json.session,
      device_id: expect.stringMatching(/^[\w-]{43}$/),
      source: 'web',
      product_source: 'market.uz',
      user_agent: 'Mozilla/5.0 Test',
    });
  });

  it('stores the password as an argon2id hash with the agreed cost', async () => {
    await server.registerByPhone(PHONE);
    const user = await server.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps an e-mail given with kind 1 as unverified: it cannot sign in by it yet', async () => {
    const requestId = await server.verify({ phone: PHONE });
    const registered = await server.post(REGISTER_PATH, registration(requestId, { kind: 1, email: 'Jasur@Mail.UZ' }));
    expect(registered.status).toBe(201);
    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: registered.json.access });
    expect(profile.json).toMatchObject({ email: 'jasur@mail.uz', email_verified: false });
    const byEmail = await server.post(`${V1}/login/LoginUser/`, { email: 'jasur@mail.uz', password: STRONG_PASSWORD });
    expect(byEmail.json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    // docs/product.md §3's registration kind is kept with the account (0 is a provider's, issue 36).
    expect((await server.storage.users.findById(registered.json.user_uuid))?.registrationKind).toBe(1);
  });

  it('asks for the e-mail with kind 1 and refuses one with kind 2', async () => {
    const requestId = await server.verify({ phone: PHONE });
    expect((await server.post(REGISTER_PATH, registration(requestId, { kind: 1 }))).json).toEqual({
      errors: [{ error: 'field_required', field: 'email' }],
    });
    expect((await server.post(REGISTER_PATH, registration(requestId, { kind: 2, email: 'a@b.uz' }))).json).toEqual({
      errors: [{ error: 'invalid_kind', field: 'kind' }],
    });
    expect((await server.post(REGISTER_PATH, registration(requestId, { kind: 0 }))).json).toEqual({
      errors: [{ error: 'invalid_kind', field: 'kind' }],
    });
  });

  it('refuses a phone that already has an account, and leaves the proof usable', async () => {
    await server.registerByPhone(PHONE);
    server.clock.advanceSeconds(121);
    const requestId = await server.verify({ phone: PHONE });
    const again = await server.post(REGISTER_PATH, registration(requestId));
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ errors: [{ error: 'user_exists_phone', field: 'phone' }] });
    expect(await server.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('keeps the request_id usable when the password is refused', async () => {
    const requestId = await server.verify({ phone: PHONE });
    for (const [password, key] of [
      ['short1', 'password_too_short'],
      ['x'.repeat(129), 'password_too_long'],
      ['password123', 'password_too_common'],
    ] as const) {
      const refused = await server.post(REGISTER_PATH, registration(requestId, { password }));
      expect(refused.json).toEqual({ errors: [{ error: key, field: 'password' }] });
    }
    expect((await server.post(REGISTER_PATH, registration(requestId))).status).toBe(201);
  });

  it('refuses a used request_id with unique_request_id and an unknown one with request_id_error', async () => {
    const requestId = await server.verify({ phone: PHONE });
    expect((await server.post(REGISTER_PATH, registration(requestId))).status).toBe(201);
    const reused = await server.post(REGISTER_PATH, registration(requestId));
    expect(reused.json).toEqual({ errors: [{ error: 'unique_request_id', field: 'request_id' }] });
    const unknown = await server.post(REGISTER_PATH, registration('made-up'));
    expect(unknown.json).toEqual({ errors: [{ error: 'request_id_error', field: 'request_id' }] });
  });

  it('lets a request_id expire after 15 minutes', async () => {
    const requestId = await server.verify({ phone: PHONE });
    server.clock.advanceSeconds(15 * 60);
    expect((await server.post(REGISTER_PATH, registration(requestId))).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
  });

  it('does not register with a password-reset proof', async () => {
    await server.registerByPhone(PHONE);
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    expect((await server.post(REGISTER_PATH, registration(requestId))).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
  });

  it('checks names: letters in any script, trimmed, at most 64', async () => {
    const requestId = await server.verify({ phone: PHONE });
    for (const bad of ['', '   ', '<script>', 'Ali7', 'A'.repeat(65)]) {
      const refused = await server.post(REGISTER_PATH, registration(requestId, { first_name: bad }));
      expect(refused.json.errors).toContainEqual({ error: 'invalid_name', field: 'first_name' });
    }
    const ok = await server.post(
      REGISTER_PATH,
      registration(requestId, { first_name: '  Ўктам  ', last_name: 'O‘g‘lonov' }),
    );
    expect(ok.status).toBe(201);
    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: ok.json.access });
    expect(profile.json.profile).toMatchObject({ first_name: 'Ўктам', last_name: 'O‘g‘lonov' });
  });
});

describe('registering by e-mail', () => {
  it('creates an account with a verified e-mail and no phone', async () => {
    const requestId = await server.verify({ email: 'malika@example.uz' });
    const registered = await server.post(REGISTER_PATH, registration(requestId, { kind: 1 }));
    expect(registered.status).toBe(201);
    expect(registered.json.has_phone).toBe(false);
    const login = await server.post(`${V1}/login/LoginUser/`, {
      email: 'malika@example.uz',
      password: STRONG_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.json.user_uuid).toBe(registered.json.user_uuid);
  });

  it('refuses an e-mail another account has verified', async () => {
    const first = await server.verify({ email: 'malika@example.uz' });
    await server.post(REGISTER_PATH, registration(first, { kind: 1 }));
    server.clock.advanceSeconds(121);
    const second = await server.verify({ email: 'malika@example.uz' });
    expect((await server.post(REGISTER_PATH, registration(second, { kind: 1 }))).json).toEqual({
      errors: [{ error: 'email_taken_email', field: 'email' }],
    });
  });

  it('takes the address from whoever only claimed it unverified', async () => {
    const phoneProof = await server.verify({ phone: PHONE });
    const squatter = await server.post(
      REGISTER_PATH,
      registration(phoneProof, { kind: 1, email: 'malika@example.uz' }),
    );
    const owner = await server.verify({ email: 'malika@example.uz' });
    expect((await server.post(REGISTER_PATH, registration(owner, { kind: 1 }))).status).toBe(201);
    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: squatter.json.access });
    expect(profile.json.email).toBeNull();
  });
});
