/**
 * settleUnreadBody needs a socket, so these tests serve a small app with @hono/node-server, as
 * main.ts does, and talk to it over `node:net`: what they assert is what a client sees on the wire.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleUnreadBody } from './unread-body.js';

const DRAIN_MAX_BYTES = 1024 * 1024;
const LINGER_MS = 300;

let server: ServerType;
let port: number;

beforeAll(async () => {
  // The routes answer without reading the body: /refuse as the API's limit does, from the length.
  const app = new Hono().use(settleUnreadBody({ drainMaxBytes: DRAIN_MAX_BYTES, lingerMs: LINGER_MS }));
  app.post(
    '/refuse',
    bodyLimit({ maxSize: 1024, onError: (c) => c.json({ errors: [{ error: 'payload_too_large' }] }, 413) }),
    (c) => c.text('unreachable'),
  );
  app.post('/nothing', (c) => c.body(null, 204));
  app.get('/ok', (c) => c.text('ok'));
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

interface Wire {
  socket: Socket;
  /** Everything received so far, as text. */
  received: () => string;
  /** How the connection ended: `end` for the server's FIN, `reset` for an error, or `open`. */
  ending: () => 'end' | 'reset' | 'open';
  /** Resolves when `predicate` holds for what was received, or the connection ended. */
  until: (predicate: (text: string) => boolean) => Promise<void>;
}

async function open(): Promise<Wire> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  let ending: 'end' | 'reset' | 'open' = 'open';
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    wake();
  });
  socket.on('end', () => {
    if (ending === 'open') ending = 'end';
    wake();
  });
  socket.on('error', () => {
    if (ending === 'open') ending = 'reset';
    wake();
  });
  return {
    socket,
    received: () => text,
    ending: () => ending,
    until: (predicate) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (predicate(text) || ending !== 'open') {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

const answers = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
const head = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const NEXT = () => `GET /ok HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

describe('settleUnreadBody', () => {
  it('reads a body it did not use to its end, so the next request on the connection is answered', async () => {
    const wire = await open();
    wire.socket.write(head('/refuse', DRAIN_MAX_BYTES) + 'x'.repeat(DRAIN_MAX_BYTES));
    wire.socket.write(NEXT());
    await wire.until((text) => answers(text).length === 2);
    expect(answers(wire.received())).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(wire.received()).toMatch(/^Connection: keep-alive$/im);
    expect(wire.ending()).toBe('open');
    wire.socket.destroy();
  });

  it('answers a body declared over the bound with Connection: close, whole, and closes only after it has lingered', async () => {
    const wire = await open();
    const started = Date.now();
    // The client declares more than the bound and sends a part of it; the server neither waits for the rest nor cuts it off.
    wire.socket.write(head('/refuse', DRAIN_MAX_BYTES * 4) + 'x'.repeat(1024));
    await wire.until(() => false);
    expect(wire.ending()).toBe('end');
    expect(Date.now() - started).toBeGreaterThanOrEqual(LINGER_MS - 50);
    expect(answers(wire.received())).toEqual(['HTTP/1.1 413']);
    expect(wire.received()).toMatch(/^Connection: close$/im);
    expect(wire.received()).toMatch(/\r\n\r\n\{"errors":\[\{"error":"payload_too_large"\}\]\}$/);
  });

  it('closes after a chunked body it did not read to its end, whose length it cannot know', async () => {
    const wire = await open();
    // One chunk over the route's limit, and the body goes on: the rest of it may be any length.
    wire.socket.write(
      `POST /refuse HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n${'x'.repeat(2048)}\r\n`,
    );
    await wire.until(() => false);
    expect(wire.ending()).toBe('end');
    expect(answers(wire.received())).toEqual(['HTTP/1.1 413']);
    expect(wire.received()).toMatch(/^Connection: close$/im);
  });

  it('answers a bodiless status after the lingering, then closes', async () => {
    const wire = await open();
    wire.socket.write(head('/nothing', DRAIN_MAX_BYTES * 4) + 'x'.repeat(1024));
    await wire.until(() => false);
    expect(wire.ending()).toBe('end');
    expect(answers(wire.received())).toEqual(['HTTP/1.1 204']);
    expect(wire.received()).toMatch(/^Connection: close$/im);
  });
});
