/**
 * Runs the built server (server/dist/main.js) as a real process on a free loopback port, the way
 * `npm start` does, for tests of the whole. `npm test` builds before it runs the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

const MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** The ports this test process has handed out: each is free when asked for, then closed, not held. */
const handedOut = new Set<number>();

/**
 * A port nothing listens on, never one this process handed out before: the system can give a port
 * it just freed to the next probe (a server's PORT and DEMO_PORT came out equal, and it refused to start).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  origin: string;
  demoOrigin: string;
  /** The stand-in identity provider this server started (docs/social-sign-in.md), or shares with another. */
  standinOrigin: string;
  /** The SMS gateways' stand-in (Eskiz and Play Mobile, docs/sms-gateways.md) this server started, or shares. */
  smsStandinOrigin: string;
  child: ChildProcess;
  output: () => string;
  /** Ends the process abruptly, as a power cut would: no shutdown code runs. */
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Resolves once the server's output holds `needle` at least `count` times (a log line written after
 * the answer went out), or fails after 10 s naming `what`.
 */
export function outputSeen(server: ServerProcess, needle: string, what: string, count = 1): Promise<void> {
  const seen = () => server.output().split(needle).length - 1 >= count;
  if (seen()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: not in the output within 10 s`)), 10_000);
    const check = () => {
      if (!seen()) return;
      clearTimeout(timer);
      server.child.stdout?.off('data', check);
      resolve();
    };
    server.child.stdout?.on('data', check);
  });
}

/**
 * `host` names the SSO in its own URLs (PUBLIC_URL) and in `origin`: 127.0.0.1 by default, or
 * localhost to put the SSO on another site than the demo partner (127.0.0.1), as `npm start` does.
 */
export async function startServer(
  env: Record<string, string>,
  host: 'localhost' | '127.0.0.1' = '127.0.0.1',
): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  // A PORT in `env` is the caller's (free) port: its origin is then known before the start.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const demoPort = await freePort();
  // Each its own stand-in, unless the caller names one port for several servers (they then share it).
  const standinPort = env.STANDIN_PORT ? Number(env.STANDIN_PORT) : await freePort();
  const smsStandinPort = env.SMS_STANDIN_PORT ? Number(env.SMS_STANDIN_PORT) : await freePort();
  // The payment sandbox too: one shared by every server would stop with whichever started it first.
  const sandboxPort = env.SANDBOX_PORT ? Number(env.SANDBOX_PORT) : await freePort();
  const child = spawn(process.execPath, [MAIN], {
    // The issuer is the origin the tests use, so the first-party client's web origin is theirs too.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DEMO_PORT: String(demoPort),
      STANDIN_PORT: String(standinPort),
      SMS_STANDIN_PORT: String(smsStandinPort),
      SANDBOX_PORT: String(sandboxPort),
      PUBLIC_URL: `http://${host}:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const check = () => {
      if (output.includes('Kirish SSO:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    origin: `http://${host}:${port}`,
    demoOrigin: `http://127.0.0.1:${demoPort}`,
    standinOrigin: `http://127.0.0.1:${standinPort}`,
    smsStandinOrigin: `http://127.0.0.1:${smsStandinPort}`,
    child,
    output: () => output,
    kill9: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/**
 * A test file's own folder for its database files and the server it starts there (set `server` when
 * starting one): the server is stopped and the folder removed after the file.
 */
export function useServerFolder(prefix: string): { readonly dir: string; server: ServerProcess | undefined } {
  let dir = '';
  const state = {
    get dir() {
      return dir;
    },
    server: undefined as ServerProcess | undefined,
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await state.server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return state;
}

/**
 * The preamble the whole-system test files shared: the built server on a SQLite database in a fresh
 * folder, started before the file's tests with `env` (or what `env()` answers, for a port found first)
 * and stopped, its folder removed, after them.
 */
export function useServer(
  prefix: string,
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
  host: 'localhost' | '127.0.0.1' = '127.0.0.1',
): { readonly server: ServerProcess; readonly databasePath: string } {
  const folder = useServerFolder(prefix);
  const databasePath = () => join(folder.dir, 'kirish.db');
  beforeAll(async () => {
    folder.server = await startServer(
      { DATABASE_URL: `sqlite:${databasePath()}`, ...(typeof env === 'function' ? await env() : env) },
      host,
    );
  }, 60_000);
  return {
    get server() {
      if (!folder.server) throw new Error('the server has not started');
      return folder.server;
    },
    get databasePath() {
      return databasePath();
    },
  };
}
