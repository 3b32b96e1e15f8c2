/**
 * SIGTERM drains the built server (issue 13, docs/deploy.md): a request under way when the signal
 * comes gets its whole answer, /readyz says 503 at once, a new connection is refused, and the process
 * exits 0. The request is held under way the way a slow client holds it: its body is sent in two
 * parts, the second after the signal.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient, V1 } from './support/api.js';
import { RawConnection } from './support/raw-http.js';
import { startServer, useServerFolder } from './support/server-process.js';

const PHONE = '+998935550011';
const PASSWORD = 'Zarafshon-oqimi-2026';

const folder = useServerFolder('kirish-drain-');

/** How a TCP connection to the origin ends: `connected`, or the error code (ECONNREFUSED). */
function tryConnect(origin: string): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM', () => {
  it('answers the request under way in full, turns /readyz to 503, refuses new connections and exits 0', async () => {
    folder.server = await startServer({
      DATABASE_URL: `sqlite:${join(folder.dir, 'kirish.db')}`,
      SHUTDOWN_GRACE_SECONDS: '10',
    });
    const running = folder.server;
    await apiClient(running.origin).registerByPhone(PHONE, PASSWORD);
    const exited = once(running.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    // A sign-in whose body has only half arrived: the route is waiting for the rest.
    const login = await RawConnection.open(running.origin);
    const body = Buffer.from(JSON.stringify({ phone: PHONE, password: PASSWORD }));
    const half = Math.floor(body.length / 2);
    await login.write(
      `POST ${V1}/login/LoginUser/ HTTP/1.1\r\nhost: ${login.host}\r\ncontent-type: application/json\r\naccept: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    await login.write(body.subarray(0, half));
    // A balancer's probe, its request still being written: under way too, so the drain keeps it.
    const probe = await RawConnection.open(running.origin);
    await probe.write(`GET /readyz HTTP/1.1\r\nhost: ${probe.host}\r\n`);
    expect(await tryConnect(running.origin)).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 300));

    running.child.kill('SIGTERM');
    await waitFor(() => running.output().includes('"msg":"draining"'), 'draining line');

    expect(await tryConnect(running.origin)).toBe('ECONNREFUSED');

    await probe.write('\r\n');
    const ready = await probe.receive();
    expect([ready.status, JSON.parse(ready.body.toString())]).toEqual([503, { status: 'draining' }]);
    expect(ready.headers.connection).toBe('close');

    await login.write(body.subarray(half));
    const answer = await login.receive('POST');
    expect(answer.status).toBe(200);
    const signedIn = JSON.parse(answer.body.toString()) as Record<string, unknown>;
    expect(Object.keys(signedIn).toSorted()).toEqual(['access', 'has_phone', 'refresh', 'session', 'user_uuid']);
    expect(answer.headers.connection).toBe('close');
    expect(await login.closed(2000)).toBe('end');

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(running.output()).toContain('"msg":"stopped"');
    folder.server = undefined;
  }, 60_000);
});
