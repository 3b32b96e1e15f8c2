/** The device cookie's attributes where the test server cannot show them: over https. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bindDevice, deviceKeyOf } from './device-key.js';
import type { MetaEnv } from './request-meta.js';

function appWith(secureCookie: boolean) {
  const app = new Hono<MetaEnv>();
  app.use('*', async (c, next) => {
    c.set('meta', { ip: '203.0.113.7', deviceId: 'from-the-header', userAgent: null, source: null, productSource: null, oauthClientId: null, locale: 'uz' });
    await next();
  });
  app.use('/sign-in', bindDevice({ product: 'kirish', secureCookie }));
  app.post('/sign-in', (c) => c.json({ recorded: c.get('meta').deviceId }));
  app.get('/device', (c) => c.json({ device: deviceKeyOf(c, 'kirish') }));
  return app;
}

describe('the device cookie', () => {
  it('is Secure when the public URL is https', async () => {
    const answer = await appWith(true).request('/sign-in', { method: 'POST' });
    const [device, idp] = answer.headers.getSetCookie();
    expect(device).toMatch(/^kirish_device=[\w-]{43}; Max-Age=31536000; Path=\/sso\/; HttpOnly; Secure; SameSite=Strict$/);
    // The browser-mediated flows' cookie: the same secret, sent cross-site (docs/fedcm.md).
    expect(idp).toBe(`kirish_idp=${/kirish_device=([^;]+)/.exec(device ?? '')?.[1]}; Max-Age=31536000; Path=/sso/; HttpOnly; Secure; SameSite=None`);
  });

  it("replaces the Device-Id header by the hash of the cookie's secret, the same one the listing reads", async () => {
    const app = appWith(false);
    const answer = await app.request('/sign-in', { method: 'POST' });
    const secret = /kirish_device=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const { recorded } = (await answer.json()) as { recorded: string };
    expect(recorded).not.toBe('from-the-header');
    expect(recorded).not.toContain(secret);
    const device = (await (await app.request('/device', { headers: { cookie: `kirish_device=${secret}` } })).json()) as { device: string };
    expect(device.device).toBe(recorded);
    expect(await (await app.request('/device')).json()).toEqual({ device: null });
  });
});
