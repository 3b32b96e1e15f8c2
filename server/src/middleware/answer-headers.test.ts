/**
 * The headers every answer carries, over real HTTP as main.ts serves the app: on an answer made with
 * `c.json()`, on a Response a route built itself, and on an error's answer; a route's own value
 * kept where the default may give way, replaced where it may not.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { useServedApp } from '../test-support/served-app.js';
import { withAnswerHeaders } from './answer-headers.js';
import { SECURITY_HEADERS, securityHeaders } from './security-headers.js';

const app = new Hono();
app.use(securityHeaders());
app.use('/api/*', async (c, next) => withAnswerHeaders(c, next, [['Cache-Control', 'no-store']], true));
app.get('/api/json', (c) => c.json({ ok: true }));
app.get('/api/own-response', () => new Response('made by the route', { headers: { 'content-type': 'text/plain' } }));
app.get('/api/own-values', (c) => {
  c.header('Cache-Control', 'public, max-age=60');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  return c.text('shared');
});
app.get('/api/broken', () => {
  throw new Error('broken');
});
app.onError((_error, c) => c.json({ errors: [{ error: 'internal' }] }, 500));

const served = useServedApp(app);

const securityOf = (answer: Response) => SECURITY_HEADERS.map(([name]) => [name, answer.headers.get(name)]);

describe('answer headers', () => {
  it.each(['/api/json', '/api/own-response', '/api/broken'])(
    'are on the answer of %s, with its body intact',
    async (path) => {
      const answer = await fetch(`${served.origin()}${path}`);
      expect(securityOf(answer)).toEqual(SECURITY_HEADERS);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await answer.text()).length).toBeGreaterThan(0);
    },
  );

  it("keep a route's own value of a security header, and replace its own Cache-Control where they must win", async () => {
    const answer = await fetch(`${served.origin()}/api/own-values`);
    expect([
      answer.headers.get('cross-origin-resource-policy'),
      answer.headers.get('cache-control'),
      await answer.text(),
    ]).toEqual(['cross-origin', 'no-store', 'shared']);
  });

  it('include the security set on answers outside the API too, and only that', async () => {
    const answer = await fetch(`${served.origin()}/elsewhere`);
    expect([answer.status, answer.headers.get('cache-control')]).toEqual([404, null]);
    expect(securityOf(answer)).toEqual(SECURITY_HEADERS);
  });
});
