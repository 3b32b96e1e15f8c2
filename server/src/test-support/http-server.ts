/**
 * A test server behind a real socket (@hono/node-server on a loopback port), for the tests of what a
 * browser is sent and sends back as bytes on the wire: the exact `Set-Cookie` lines, streams,
 * redirects. The server runs on a real database file (createTestServer) and its PUBLIC_URL names the
 * origin it is reached at (its public-host check). One per test file: started before its tests, closed after.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestServer } from './test-server.js';

type TestServerOptions = NonNullable<Parameters<typeof createTestServer>[0]>;

/** A free loopback port. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface HttpTestServer {
  /** The server itself (its storage, clock, config), set once the file's tests start. */
  server: TestServer;
  /** `http://127.0.0.1:<port>`, its PUBLIC_URL. */
  origin: string;
}

/** Starts a test server on a real socket before the file's tests (`options.env` gets PUBLIC_URL) and closes it after. */
export function useHttpServer(options: Omit<TestServerOptions, 'env'> & { env?: Record<string, string> } = {}) {
  const live = { origin: '' } as HttpTestServer;
  let http: ServerType | undefined;
  beforeAll(async () => {
    const port = await freePort();
    live.origin = `http://127.0.0.1:${port}`;
    live.server = await createTestServer({ ...options, env: { ...options.env, PUBLIC_URL: live.origin } });
    http = serve({ fetch: live.server.app.fetch, port, hostname: '127.0.0.1' });
    await once(http, 'listening');
  });
  afterAll(async () => {
    http?.close();
    await live.server?.close();
  });
  return live;
}
