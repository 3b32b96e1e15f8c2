import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { securityApi, type SessionInfo } from '../api/security-api';
import { createSessionsModel } from './sessions-model';

const SSO = '/sso/api/v1';
const session = (id: string, current = false): SessionInfo => ({
  id,
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  ip: '127.0.0.1',
  source: 'web',
  partner_origin: null,
  method: null,
  created_at: '2026-11-22T10:00:00.000Z',
  last_active_at: '2026-11-22T10:05:00.000Z',
  current,
});

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  return { server, toasts, model: createSessionsModel({ api: securityApi(server.http, SSO), showError }) };
}

describe('the active sessions', () => {
  it('lists the sessions, ends one and loads the list again', async () => {
    const { server, model } = setup();
    server.answer('get', `${SSO}/user/sessions/`, [session('s1', true), session('s2')]);
    await model.load();
    expect(model.sessions.value.map((s) => s.id)).toEqual(['s1', 's2']);
    server.answer('delete', `${SSO}/user/sessions/s2/`, null);
    server.answer('get', `${SSO}/user/sessions/`, [session('s1', true)]);
    expect(await model.end('s2')).toBe(true);
    expect(model.sessions.value.map((s) => s.id)).toEqual(['s1']);
  });

  it('ends every other session with the step-up proof and says how many', async () => {
    const { server, model } = setup();
    server.answer('post', `${SSO}/user/sessions/end-others/`, { ended: 3 });
    server.answer('get', `${SSO}/user/sessions/`, [session('s1', true)]);
    expect(await model.endOthers('proof-1')).toBe(3);
    expect(server.calls[0]?.body).toEqual({ proof: 'proof-1' });
  });

  it('says a failure and keeps the list', async () => {
    const { server, model, toasts } = setup();
    server.answer('get', `${SSO}/user/sessions/`, [session('s1', true), session('s2')]);
    await model.load();
    server.fail('delete', `${SSO}/user/sessions/s2/`, failure(404, 'not_found'));
    expect(await model.end('s2')).toBe(false);
    server.fail('post', `${SSO}/user/sessions/end-others/`, failure(502, 'server_error'));
    expect(await model.endOthers('proof-1')).toBeUndefined();
    expect(toasts).toEqual(['server_error']);
    expect(model.sessions.value).toHaveLength(2);
  });
});
