import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../../lib/testing/fake-http';
import { securityApi, type SecurityEvent } from '../api/security-api';
import { createSecurityLogModel } from './security-log-model';

const SSO = '/sso/api/v1';
const EVENTS = `${SSO}/user/security/events/`;
const event = (id: string): SecurityEvent => ({
  id,
  type: 'login',
  created_at: '2026-11-22T10:00:00.000Z',
  ip: '127.0.0.1',
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  details: {},
});

function setup() {
  const server = fakeHttp();
  return { server, model: createSecurityLogModel({ api: securityApi(server.http, SSO) }) };
}

describe('the whole security log', () => {
  it('asks the server for a page at a time and moves between pages within the count', async () => {
    const { server, model } = setup();
    server.answer('get', EVENTS, { count: 45, results: [event('e1')] });
    await model.load();
    expect([model.state.value, model.page.value, model.pages.value]).toEqual(['ready', 1, 3]);
    expect(server.calls[0]?.params).toEqual({ page: '1', page_size: '20' });
    server.answer('get', EVENTS, { count: 45, results: [event('e21')] });
    await model.older();
    expect(server.calls[1]?.params).toEqual({ page: '2', page_size: '20' });
    expect(model.data.value.results.map((e) => e.id)).toEqual(['e21']);
    server.answer('get', EVENTS, { count: 45, results: [event('e1')] });
    await model.newer();
    expect(model.page.value).toBe(1);
  });

  it('says it failed (for a retry) when the server does not answer', async () => {
    const { server, model } = setup();
    server.fail('get', EVENTS, { status: 503 });
    await model.load();
    expect(model.state.value).toBe('failed');
  });
});
