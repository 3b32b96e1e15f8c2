/**
 * A Hono app served over real HTTP on a free loopback port for the tests of one file, as main.ts
 * serves the app: for what only a socket shows (the body read from the stream, the answer's one write).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';

/** Serves `app` before the file's tests and stops it after them; `origin()` is its http://127.0.0.1:port. */
export function useServedApp(app: Hono): { origin: () => string } {
  let server: ServerType | undefined;
  let origin = '';
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
  });
  return { origin: () => origin };
}
