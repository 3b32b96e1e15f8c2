import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireMetricsHost, requirePublicHost } from './require-public-host.js';

function appFor(origin: string) {
  return new Hono().use(requirePublicHost(origin)).all('*', (c) => c.text('served'));
}

async function answer(app: Hono, host: string | undefined) {
  const response = await app.request('/dev/outbox', host === undefined ? {} : { headers: { host } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('requirePublicHost', () => {
  const app = appFor('http://localhost:8080');

  it('serves a request addressed to the public host, whatever the case of its name', async () => {
    expect((await answer(app, 'localhost:8080')).status).toBe(200);
    expect((await answer(app, 'LocalHost:8080')).status).toBe(200);
  });

  it.each([
    ['a rebound name', 'attacker.example:8080'],
    ['another loopback name', '127.0.0.1:8080'],
    ['the right name on another port', 'localhost:8081'],
    ['the right name without its port', 'localhost'],
    ['a name with a trailing dot', 'localhost.:8080'],
    ['userinfo smuggled into the name', 'evil@localhost:8080'],
    ['a path smuggled into the name', 'localhost:8080/x'],
    ['an empty Host', ''],
  ])('refuses %s (%j) with a short plain 421', async (_, host) => {
    expect(await answer(app, host)).toEqual({
      status: 421,
      type: 'text/plain; charset=UTF-8',
      text: 'Misdirected Request: this server answers to localhost:8080 only\n',
    });
  });

  it('takes the scheme default port as the absent one', async () => {
    const behindTls = appFor('https://dev.kirish.uz');
    expect((await answer(behindTls, 'dev.kirish.uz')).status).toBe(200);
    expect((await answer(behindTls, 'dev.kirish.uz:443')).status).toBe(200);
    expect((await answer(behindTls, 'dev.kirish.uz:8443')).status).toBe(421);
  });

  it('knows a bracketed IPv6 host', async () => {
    const v6 = appFor('http://[::1]:8080');
    expect((await answer(v6, '[::1]:8080')).status).toBe(200);
    expect((await answer(v6, '[::2]:8080')).status).toBe(421);
  });

  it('lets an in-process request through: it carries no Host, and nothing over HTTP/1.1 lacks one', async () => {
    expect((await answer(app, undefined)).status).toBe(200);
  });
});

const served = (host: string, port: number) =>
  new Hono().use(requireMetricsHost(host, port)).all('*', (c) => c.text('served'));

describe('requireMetricsHost', () => {
  it('takes its own address and the loopback names at its port, nothing else', async () => {
    const app = served('127.0.0.1', 9464);
    for (const host of ['127.0.0.1:9464', 'localhost:9464', '[::1]:9464'])
      expect((await answer(app, host)).status, host).toBe(200);
    for (const host of ['attacker.example:9464', '127.0.0.1:9465', '127.0.0.1', '10.0.3.11:9464'])
      expect(await answer(app, host), host).toEqual({
        status: 421,
        type: 'text/plain; charset=UTF-8',
        text: 'Misdirected Request: this server answers to 127.0.0.1:9464 only\n',
      });
  });

  it('on an unspecified address takes any IP address at its port, but still no name', async () => {
    const app = served('0.0.0.0', 9464);
    for (const host of ['10.0.3.11:9464', '[fd00::5]:9464', 'localhost:9464'])
      expect((await answer(app, host)).status, host).toBe(200);
    for (const host of ['attacker.example:9464', '10.0.3.11:80'])
      expect((await answer(app, host)).status, host).toBe(421);
  });
});
