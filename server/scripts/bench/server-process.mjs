/** The server under test: free loopback ports, the built server started and stopped as a child process. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverEntry = join(repoRoot, 'server', 'dist', 'main.js');

const STARTUP_TIMEOUT_MS = 60_000;
const KILL_GRACE_MS = 3000;

/** Free loopback ports: listen on port 0 (all at once, so they differ), read them, close. */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
  }
}

/** Keeps the last 200 non-empty lines of a stream's output. */
function keepLines(list, chunk) {
  for (const line of chunk.toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    list.push(line);
    if (list.length > 200) list.shift();
  }
}

/**
 * One instance of the built server on `port`, over `databaseUrl` (sqlite:PATH or postgres://…);
 * `hashConcurrency`, when given, is its PASSWORD_HASH_CONCURRENCY.
 */
export function startServer({ port, demoPort, databaseUrl, hashConcurrency }) {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(' ') : []), serverEntry],
    {
      cwd: repoRoot,
      // The public origin is the address the benchmark calls: outside production the server answers only to its own host.
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DEMO_PORT: String(demoPort),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        ...(hashConcurrency === undefined ? {} : { PASSWORD_HASH_CONCURRENCY: String(hashConcurrency) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { stdout: [], stderr: [] };
  child.stderr.on('data', (chunk) => keepLines(output.stderr, chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const ready = new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`the server printed no "Kirish SSO:" line within ${STARTUP_TIMEOUT_MS / 1000} s`)),
      STARTUP_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      keepLines(output.stdout, chunk);
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (lines.some((line) => line.startsWith('Kirish SSO:'))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return { port, child, ready, exited, output };
}

export function serverAlive(server) {
  return server.child.exitCode === null && server.child.signalCode === null;
}

export async function stopServer(server) {
  const { child, exited } = server;
  if (!serverAlive(server)) return;
  child.kill('SIGTERM');
  const timedOut = Symbol('timeout');
  let timer;
  const result = await Promise.race([
    exited,
    new Promise((resolve) => (timer = setTimeout(() => resolve(timedOut), KILL_GRACE_MS))),
  ]);
  clearTimeout(timer);
  if (result === timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}
