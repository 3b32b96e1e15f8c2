import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { passkeysApi } from '../api/passkeys-api';
import { securityApi, type SecurityEvent } from '../api/security-api';
import { twoStepApi } from '../api/two-step-api';
import { createSecurityOverviewModel } from './security-overview-model';

const SSO = '/sso/api/v1';
const event: SecurityEvent = {
  id: 'e1',
  type: 'login',
  created_at: '2026-11-22T10:00:00.000Z',
  ip: '127.0.0.1',
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  details: {},
};

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  return {
    server,
    toasts,
    model: createSecurityOverviewModel({
      api: securityApi(server.http, SSO),
      passkeys: passkeysApi(server.http, SSO),
      twoStep: twoStepApi(server.http, SSO),
      showError,
    }),
  };
}

describe('the security overview', () => {
  it('counts the ways switched on, the sessions and the apps, and keeps the recent events', async () => {
    const { server, model, toasts } = setup();
    server.answer('get', `${SSO}/user/login-methods/`, {
      password: true,
      phone_code: true,
      email_code: false,
      social: [],
    });
    server.answer('get', `${SSO}/user/passkeys/`, { passkeys: [{ id: 'pk_1' }] });
    server.answer('get', `${SSO}/user/two-step/`, { enabled: true, recovery_codes_left: 10 });
    server.answer('get', `${SSO}/user/sessions/`, [{ id: 's1' }, { id: 's2' }]);
    server.answer('get', `${SSO}/user/grants/`, []);
    server.answer('get', `${SSO}/user/security/events/`, { count: 1, results: [event] });
    expect(model.events.value).toBeNull();
    await model.load();
    expect(model.counts.value).toEqual({ ways: { on: 2, total: 3 }, passkeys: 1, twoStep: true, sessions: 2, apps: 0 });
    expect(model.events.value).toEqual([event]);
    expect(toasts).toEqual([]);
  });

  it('leaves a count that failed empty, the others shown; a failed log says so and shows none', async () => {
    const { server, model, toasts } = setup();
    server.fail('get', `${SSO}/user/login-methods/`, failure(502, 'server_error'));
    server.fail('get', `${SSO}/user/passkeys/`, failure(502, 'server_error'));
    server.fail('get', `${SSO}/user/two-step/`, failure(502, 'server_error'));
    server.answer('get', `${SSO}/user/sessions/`, [{ id: 's1' }]);
    server.fail('get', `${SSO}/user/grants/`, failure(502, 'server_error'));
    server.fail('get', `${SSO}/user/security/events/`, failure(502, 'server_error'));
    await model.load();
    expect(model.counts.value).toEqual({ ways: null, passkeys: null, twoStep: null, sessions: 1, apps: null });
    expect(model.events.value).toEqual([]);
    expect(toasts).toEqual(['server_error']);
  });
});
