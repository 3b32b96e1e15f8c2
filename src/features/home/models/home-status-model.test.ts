import { describe, expect, it } from 'vitest';
import { failure, fakeHttp } from '../../../lib/testing/fake-http';
import { homeApi, type ActiveSession, type Grant } from '../api/home-api';
import { createHomeStatusModel } from './home-status-model';

const SSO = '/sso/api/v1';
const session = (id: string, createdAt: string, current = false): ActiveSession => ({
  id,
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  ip: '127.0.0.1',
  source: 'web',
  partner_origin: null,
  method: null,
  created_at: createdAt,
  last_active_at: createdAt,
  current,
});
const grant = (clientId: string): Grant => ({
  client_id: clientId,
  name: clientId,
  logo_url: null,
  scopes: ['openid'],
  created_at: '2026-11-20T08:00:00.000Z',
});

function setup() {
  const server = fakeHttp();
  return { server, model: createHomeStatusModel({ api: homeApi(server.http, SSO) }) };
}

describe("Home's status", () => {
  it('names the newest sign-in, wherever it is, and counts the sessions and the apps', async () => {
    const { server, model } = setup();
    server.answer('get', `${SSO}/user/sessions/`, [
      session('this', '2026-11-27T07:00:00.000Z', true),
      session('phone', '2026-11-27T07:30:00.000Z'),
      session('old', '2026-11-20T07:00:00.000Z'),
    ]);
    server.answer('get', `${SSO}/user/grants/`, [grant('app_a'), grant('app_b')]);
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.lastSignIn.value?.id).toBe('phone');
    expect(model.sessionCount.value).toBe(3);
    expect(model.appCount.value).toBe(2);
  });

  it('has no last sign-in and zero apps for empty lists', async () => {
    const { server, model } = setup();
    server.answer('get', `${SSO}/user/sessions/`, []);
    server.answer('get', `${SSO}/user/grants/`, []);
    await model.load();
    expect(model.lastSignIn.value).toBeNull();
    expect([model.sessionCount.value, model.appCount.value]).toEqual([0, 0]);
  });

  it('fails as a whole when either list fails, and loads again on retry', async () => {
    const { server, model } = setup();
    server.answer('get', `${SSO}/user/sessions/`, [session('this', '2026-11-27T07:00:00.000Z', true)]);
    server.fail('get', `${SSO}/user/grants/`, failure(502, 'server_error'));
    await model.load();
    expect(model.state.value).toBe('failed');
    server.answer('get', `${SSO}/user/sessions/`, [session('this', '2026-11-27T07:00:00.000Z', true)]);
    server.answer('get', `${SSO}/user/grants/`, [grant('app_a')]);
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.appCount.value).toBe(1);
  });
});
