/** The server under test: the built server on free ports, on a fresh SQLite file. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverEntry = join(repoRoot, 'server', 'dist', 'main.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(dbPath) {
  const port = await freePort();
  // The system can hand a port it just freed to the next probe: the demo's must differ.
  let demoPort = await freePort();
  while (demoPort === port) demoPort = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DEMO_PORT: String(demoPort),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: `sqlite:${dbPath}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      if (output.includes('Kirish SSO:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    origin: `http://localhost:${port}`,
    demoOrigin: `http://127.0.0.1:${demoPort}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
