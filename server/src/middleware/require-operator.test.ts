/** The operator API's guard on the middleware alone: the right bearer passes, anything else is a 404. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireOperator } from './require-operator.js';

const TOKEN = 'operator-token-of-at-least-thirty-two-characters';

function appWith(adminToken: string | undefined) {
  const app = new Hono();
  app.use('/operator/*', requireOperator(adminToken));
  app.get('/operator/ping', (c) => c.json({ ok: true }));
  return app;
}

const call = (app: Hono, authorization?: string) =>
  app.request('/operator/ping', authorization === undefined ? {} : { headers: { authorization } });

describe('requireOperator', () => {
  it('lets the configured token through, the scheme in any case (RFC 9110 §11.1)', async () => {
    const app = appWith(TOKEN);
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const answer = await call(app, header);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
  });

  it('answers a missing, wrong, truncated or differently-schemed token with the not-found of a missing path', async () => {
    const app = appWith(TOKEN);
    for (const header of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
    ]) {
      const answer = await call(app, header);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ errors: [{ error: 'not_found' }] });
    }
  });

  it('answers 404 to every token when ADMIN_TOKEN is unset', async () => {
    const app = appWith(undefined);
    expect((await call(app, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await call(app)).status).toBe(404);
  });
});
