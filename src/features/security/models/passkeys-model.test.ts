/** The passkeys of Sign-in methods: listed, renamed (1–64 characters), added through the browser's prompt, removed. */
import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { PasskeyError } from '../../../lib/webauthn';
import { passkeysApi } from '../api/passkeys-api';
import { createPasskeysModel } from './passkeys-model';

const SSO = '/sso/api/v1';
const BASE = `${SSO}/user/passkeys`;
const LAPTOP = {
  id: 'pk_1',
  name: 'Chrome on Linux',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: null,
  backed_up: false,
};
const CREDENTIAL = { id: 'cred', rawId: 'cred', type: 'public-key' as const, response: {} };

function setup(create: () => Promise<typeof CREDENTIAL> = () => Promise.resolve(CREDENTIAL)) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  server.answer('get', `${BASE}/`, { passkeys: [LAPTOP] });
  const model = createPasskeysModel({ api: passkeysApi(server.http, SSO), showError, create });
  return { server, toasts, model };
}

describe('the passkeys model', () => {
  it('lists the passkeys', async () => {
    const { model } = setup();
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.passkeys.value).toEqual([LAPTOP]);
  });

  it('renames with the trimmed name, and refuses an empty or too long one beside the field', async () => {
    const { server, model } = setup();
    await model.load();
    model.name.set('   ');
    expect(await model.rename('pk_1')).toBe(false);
    expect(model.name.error.value).toBe('field_required');
    model.name.set('x'.repeat(65));
    expect(await model.rename('pk_1')).toBe(false);
    expect(model.name.error.value).toBe('field_too_long');
    expect(server.calls).toHaveLength(1);
    server.answer('patch', `${BASE}/pk_1/`, { ...LAPTOP, name: 'Work laptop' });
    model.name.set('  Work laptop ');
    expect(await model.rename('pk_1')).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'patch', body: { name: 'Work laptop' } });
    expect(model.passkeys.value[0]?.name).toBe('Work laptop');
  });

  it('shows the server’s refusal of a name beside the field', async () => {
    const { server, model } = setup();
    await model.load();
    server.fail('patch', `${BASE}/pk_1/`, failure(400, 'field_too_long', 'name'));
    model.name.set('Long');
    expect(await model.rename('pk_1')).toBe(false);
    expect(model.name.error.value).toBe('field_too_long');
  });

  it('adds: the proof buys the options, the browser makes the credential, the server keeps it', async () => {
    const { server, model } = setup();
    await model.load();
    server.answer('post', `${BASE}/registration/options/`, { challenge: 'c1' });
    const phone = { ...LAPTOP, id: 'pk_2', name: 'Safari on iOS', backed_up: true };
    server.answer('post', `${BASE}/registration/`, phone);
    expect(await model.add('proof-1')).toEqual({ added: phone });
    expect(server.calls.slice(1).map((call) => call.body)).toEqual([{ proof: 'proof-1' }, { credential: CREDENTIAL }]);
    expect(model.passkeys.value.map((passkey) => passkey.id)).toEqual(['pk_1', 'pk_2']);
  });

  it('says why the browser gave no passkey, with no toast and nothing sent', async () => {
    for (const why of ['cancelled', 'exists'] as const) {
      const { server, model, toasts } = setup(() => Promise.reject(new PasskeyError(why)));
      server.answer('post', `${BASE}/registration/options/`, { challenge: 'c1' });
      expect(await model.add('proof-1')).toEqual({ failure: why });
      expect(toasts).toEqual([]);
      expect(server.calls.map((call) => call.url)).toEqual([`${BASE}/registration/options/`]);
    }
  });

  it('removes with the proof; the last way in is refused in the server’s words and the row stays', async () => {
    const { server, model, toasts } = setup();
    await model.load();
    server.fail('delete', `${BASE}/pk_1/`, failure(400, 'last_sign_in_method'));
    expect(await model.remove('pk_1', 'proof-1')).toBe(false);
    expect(toasts).toEqual(['last_sign_in_method']);
    expect(model.passkeys.value).toHaveLength(1);
    server.answer('delete', `${BASE}/pk_1/`, {});
    expect(await model.remove('pk_1', 'proof-2')).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'delete', body: { proof: 'proof-2' } });
    expect(model.passkeys.value).toEqual([]);
  });
});
