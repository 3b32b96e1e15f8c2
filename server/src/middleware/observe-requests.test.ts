import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createKirishMetrics } from '../services/metrics.js';
import { createErrorHandler } from './error-handler.js';
import { observeRequests, type RequestLogLine } from './observe-requests.js';

/** An app shaped like Kirish's: sub-apps mounted under prefixes, a catch-all for the site, the error handler. */
function observedApp(isDraining = () => false) {
  const lines: RequestLogLine[] = [];
  const errors: Array<{ message: string; fields: unknown }> = [];
  const app = new Hono();
  app.use('*', observeRequests({ metrics: createKirishMetrics(), log: (line) => lines.push(line), isDraining }));
  const api = new Hono();
  api.use('*', async (_c, next) => next());
  api.post('/login/LoginUser/', (c) => c.json({ ok: true }));
  api.get('/cdn/:photo', (c) => c.text('photo'));
  api.get('/broken/', () => {
    throw new Error('the database went away');
  });
  app.route('/sso/api/v1', api);
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('*', async (c, next) => (c.req.path.startsWith('/sso/') ? next() : c.html('<p>page</p>')));
  app.onError(createErrorHandler((message, _error, fields) => errors.push({ message, fields })));
  return { app, lines, errors };
}

describe('the request line', () => {
  it('names the route pattern, never the path as sent or its query', async () => {
    const { app, lines } = observedApp();
    await app.request('/sso/api/v1/login/LoginUser/?phone=%2B998901234567&code=123456', { method: 'POST' });
    await app.request('/sso/api/v1/cdn/3f9a-photo-id?token=secret-token');
    await app.request('/sso/api/v1/nothing-here/+998901234567');
    await app.request('/login?next=/security');
    expect(lines.map(({ method, route, status }) => [method, route, status])).toEqual([
      ['POST', '/sso/api/v1/login/LoginUser/', 200],
      ['GET', '/sso/api/v1/cdn/:photo', 200],
      ['GET', '/*', 404],
      ['GET', '/*', 200],
    ]);
    const text = JSON.stringify(lines);
    for (const secret of ['998901234567', '123456', 'secret-token', '3f9a-photo-id', 'security'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toEqual({
      request_id: expect.stringMatching(/^[\w-]{22}$/),
      method: 'POST',
      route: '/sso/api/v1/login/LoginUser/',
      status: 200,
      duration_ms: expect.any(Number),
    });
  });

  it('leaves out the probes that succeed, and says (unmatched) for a request no route took', async () => {
    const { app, lines } = observedApp();
    await app.request('/healthz');
    await app.request('/sso/api/v1/login/LoginUser/', { method: 'PUT' });
    expect(lines.map(({ route, status }) => [route, status])).toEqual([['(unmatched)', 404]]);
  });

  it('puts the request id on the error line of a request that failed', async () => {
    const { app, lines, errors } = observedApp();
    const answer = await app.request('/sso/api/v1/broken/', { headers: { 'x-request-id': 'trace-0001-abcd' } });
    expect([answer.status, answer.headers.get('x-request-id')]).toEqual([500, 'trace-0001-abcd']);
    expect(errors).toEqual([{ message: 'GET /sso/api/v1/broken/ failed', fields: { request_id: 'trace-0001-abcd' } }]);
    expect(lines[0]).toMatchObject({ request_id: 'trace-0001-abcd', status: 500 });
  });

  it('closes the connection after each answer while draining', async () => {
    let draining = false;
    const { app } = observedApp(() => draining);
    expect((await app.request('/healthz')).headers.get('connection')).toBeNull();
    draining = true;
    expect((await app.request('/healthz')).headers.get('connection')).toBe('close');
  });
});
