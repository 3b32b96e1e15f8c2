/** The device cookies' attributes and the new secret of every sign-in, on the middleware alone. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../lib/secrets.js';
import { bindDevice, deviceKeyOf } from './device-key.js';
import type { MetaEnv } from './request-meta.js';

const CARRIED = 'c'.repeat(43);
const OTHER = 'o'.repeat(43);

function appWith() {
  const moves: [readonly string[], string][] = [];
  const storage = {
    sessions: { moveDevice: async (from: readonly string[], to: string) => (moves.push([from, to]), 1) },
  } as never;
  const app = new Hono<MetaEnv>();
  app.use('*', async (c, next) => {
    c.set('meta', {
      ip: '203.0.113.7',
      deviceId: 'from-the-header',
      userAgent: null,
      source: null,
      productSource: null,
      oauthClientId: null,
      locale: 'uz',
    });
    await next();
  });
  app.use('/sign-in', bindDevice({ product: 'kirish', storage }));
  app.post('/sign-in', (c) => (c.req.query('fail') ? c.json({}, 400) : c.json({ recorded: c.get('meta').deviceId })));
  app.get('/device', (c) => c.json({ device: deviceKeyOf(c, 'kirish') }));
  return { app, moves };
}

const secretOf = (line: string | undefined) => /^__Host-kirish_device=([^;]+)/.exec(line ?? '')?.[1] ?? '';

describe('the device cookies', () => {
  it('are __Host- cookies: Secure, Path=/, no Domain (RFC 6265bis §4.1.3.2)', async () => {
    const answer = await appWith().app.request('/sign-in', { method: 'POST' });
    const [device, idp] = answer.headers.getSetCookie();
    expect(device).toMatch(
      /^__Host-kirish_device=[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The browser-mediated flows' cookie: the same secret, sent cross-site (docs/fedcm.md).
    expect(idp).toBe(
      `__Host-kirish_idp=${secretOf(device)}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=None`,
    );
  });

  it("replaces the Device-Id header by the hash of the cookie's secret, the same one the listing reads", async () => {
    const { app } = appWith();
    const answer = await app.request('/sign-in', { method: 'POST' });
    const secret = secretOf(answer.headers.getSetCookie()[0]);
    const { recorded } = (await answer.json()) as { recorded: string };
    expect(recorded).toBe(sha256(secret));
    const device = (await (
      await app.request('/device', { headers: { cookie: `__Host-kirish_device=${secret}` } })
    ).json()) as { device: string };
    expect(device.device).toBe(recorded);
    expect(await (await app.request('/device')).json()).toEqual({ device: null });
    // The names before issue 33 are not read.
    expect(await (await app.request('/device', { headers: { cookie: `kirish_device=${secret}` } })).json()).toEqual({
      device: null,
    });
  });

  it('never keeps a __Host-kirish_device the request carried: a new secret, and its sessions move to it', async () => {
    const { app, moves } = appWith();
    const answer = await app.request('/sign-in', {
      method: 'POST',
      headers: { cookie: `__Host-kirish_device=${CARRIED}` },
    });
    const secret = secretOf(answer.headers.getSetCookie()[0]);
    const { recorded } = (await answer.json()) as { recorded: string };
    expect(secret).not.toBe(CARRIED);
    expect(recorded).toBe(sha256(secret));
    expect(moves).toEqual([[[sha256(CARRIED)], recorded]]);
  });

  it('moves the sessions of both cookies when they differ (a sign-in in a partner’s frame before)', async () => {
    const { app, moves } = appWith();
    const answer = await app.request('/sign-in', {
      method: 'POST',
      headers: { cookie: `__Host-kirish_device=${CARRIED}; __Host-kirish_idp=${OTHER}` },
    });
    const { recorded } = (await answer.json()) as { recorded: string };
    expect(moves).toEqual([[[sha256(CARRIED), sha256(OTHER)], recorded]]);
  });

  it('never keeps a __Host-kirish_idp carried alone (a partner’s frame), and moves nothing: the browser keeps no Strict cookie set there', async () => {
    const { app, moves } = appWith();
    const answer = await app.request('/sign-in', {
      method: 'POST',
      headers: { cookie: `__Host-kirish_idp=${CARRIED}` },
    });
    const [device, idp] = answer.headers.getSetCookie();
    expect(secretOf(device)).toMatch(/^[\w-]{43}$/);
    expect(secretOf(device)).not.toBe(CARRIED);
    expect(idp).toContain(`__Host-kirish_idp=${secretOf(device)};`);
    expect(moves).toEqual([]);
  });

  it('moves nothing and sets nothing when the sign-in fails', async () => {
    const { app, moves } = appWith();
    const answer = await app.request('/sign-in?fail=1', {
      method: 'POST',
      headers: { cookie: `__Host-kirish_device=${CARRIED}` },
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(moves).toEqual([]);
  });
});
