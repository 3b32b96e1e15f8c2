/** Two-step verification: turned on with an app and its first code, the codes shown once, new codes, off. */
import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { twoStepApi } from '../api/two-step-api';
import { createTwoStepModel, groupSecret } from './two-step-model';

const SSO = '/sso/api/v1';
const BASE = `${SSO}/user/two-step`;
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/Kirish:a?secret=JBSW', expires_in: 600 };
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-000${i}`);

function setup(enabled = false) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  server.answer('get', `${BASE}/`, { enabled, recovery_codes_left: enabled ? 10 : 0 });
  const model = createTwoStepModel({ api: twoStepApi(server.http, SSO), showError });
  return { server, toasts, model };
}

describe('the two-step model', () => {
  it('groups the secret in fours for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('turns on: proof → secret → first code → the ten recovery codes, then the status says on', async () => {
    const { server, model } = setup();
    await model.load();
    expect(model.status.value?.enabled).toBe(false);
    server.answer('post', `${BASE}/totp/`, SETUP);
    expect(await model.start('proof-1')).toBe(true);
    expect(model.view.value).toBe('setup');
    expect(model.setup.value).toEqual(SETUP);
    server.answer('post', `${BASE}/totp/confirm/`, { recovery_codes: CODES });
    server.answer('get', `${BASE}/`, { enabled: true, recovery_codes_left: 10 });
    model.code.set('123 456');
    expect(await model.confirm()).toBe('on');
    expect(server.calls.find((call) => call.url === `${BASE}/totp/confirm/`)?.body).toEqual({ code: '123456' });
    expect(model.view.value).toBe('codes');
    expect(model.codes.value).toEqual(CODES);
    model.doneWithCodes();
    expect(model.view.value).toBe('status');
    expect(model.codes.value).toEqual([]);
    expect(model.status.value).toEqual({ enabled: true, recovery_codes_left: 10 });
  });

  it('checks the code’s shape before sending, and shows the server’s refusals beside the field', async () => {
    const { server, model } = setup();
    server.answer('post', `${BASE}/totp/`, SETUP);
    await model.start('proof-1');
    model.code.set('12ab');
    expect(await model.confirm()).toBeNull();
    expect(model.code.error.value).toBe('code_not_valid');
    expect(server.calls.some((call) => call.url.endsWith('/confirm/'))).toBe(false);
    server.fail('post', `${BASE}/totp/confirm/`, failure(400, 'code_not_valid', 'code'));
    model.code.set('000000');
    expect(await model.confirm()).toBeNull();
    expect(model.code.error.value).toBe('code_not_valid');
    server.fail('post', `${BASE}/totp/confirm/`, failure(400, 'two_step_setup_expired'));
    model.code.set('111111');
    expect(await model.confirm()).toBeNull();
    expect(model.code.error.value).toBe('two_step_setup_expired');
    expect(model.view.value).toBe('setup');
  });

  it('changes the app without new codes', async () => {
    const { server, model } = setup(true);
    await model.load();
    server.answer('post', `${BASE}/totp/`, SETUP);
    await model.start('proof-1');
    server.answer('post', `${BASE}/totp/confirm/`, { recovery_codes: null });
    server.answer('get', `${BASE}/`, { enabled: true, recovery_codes_left: 4 });
    model.code.set('123456');
    expect(await model.confirm()).toBe('changed');
    expect(model.view.value).toBe('status');
    expect(model.codes.value).toEqual([]);
  });

  it('makes new recovery codes with a proof, and turns off with one', async () => {
    const { server, model, toasts } = setup(true);
    await model.load();
    server.answer('post', `${BASE}/recovery-codes/`, { recovery_codes: CODES });
    server.answer('get', `${BASE}/`, { enabled: true, recovery_codes_left: 10 });
    expect(await model.newRecoveryCodes('proof-2')).toBe(true);
    expect(model.view.value).toBe('codes');
    server.fail('delete', `${BASE}/`, failure(403, 'proof_required'));
    expect(await model.turnOff('stale')).toBe(false);
    expect(toasts).toEqual(['proof_required']);
    server.answer('delete', `${BASE}/`, { enabled: false, recovery_codes_left: 0 });
    expect(await model.turnOff('proof-3')).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'delete', body: { proof: 'proof-3' } });
    expect(model.status.value?.enabled).toBe(false);
  });
});
