/**
 * Loopback benchmark of the API server: token refreshes per second and password logins per
 * second, against a real SQLite file in a fresh temporary directory. Run it with
 * `npm run bench:server` (which builds the server first). It starts `server/dist/main.js`,
 * measures, stops the server, removes the temporary directory and writes the "Server" section
 * of docs/benchmarks.md.
 *
 * Flags: --seconds N (measured window per phase, default 10), --lanes N (concurrent refresh
 * chains, default 32), --concurrency N (concurrent logins, default 8), --warmup N (seconds of
 * unmeasured warm-up per phase, default 2).
 *
 * Exit status: 0 when at most 1% of the requests of every phase failed, 1 otherwise (or when
 * the server could not be started). Missing a throughput target is reported, not an error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = join(repoRoot, 'server', 'dist', 'main.js');
const docPath = join(repoRoot, 'docs', 'benchmarks.md');

const API = '/sso/api/v1';
const REFRESH_PATH = `${API}/TokenRefresh/`;
const LOGIN_PATH = `${API}/login/LoginUser/`;
const DEMO_LOGIN = { phone: '+998901234567', password: 'Samarqand-Buxoro-2026', save: true };

const TARGETS = { refresh: 2000, login: 80 };
const MAX_ERROR_FRACTION = 0.01;
const REQUEST_TIMEOUT_MS = 30_000;
const STARTUP_TIMEOUT_MS = 60_000;
const KILL_GRACE_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Settings

function parseArgs(argv) {
  const settings = { seconds: 10, lanes: 32, concurrency: 8, warmup: 2 };
  const names = { '--seconds': 'seconds', '--lanes': 'lanes', '--concurrency': 'concurrency', '--warmup': 'warmup' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const raw = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    const key = names[flag];
    if (!key) usage(`unknown argument ${JSON.stringify(arg)}`);
    const value = Number(raw);
    const integer = key === 'lanes' || key === 'concurrency';
    if (raw === undefined || raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      usage(`${flag} needs ${integer ? 'a whole number' : 'a number'} (got ${JSON.stringify(raw)})`);
    }
    if (key === 'warmup' ? value < 0 : value <= 0) usage(`${flag} must be ${key === 'warmup' ? 'zero or more' : 'positive'}`);
    settings[key] = value;
  }
  return settings;
}

function usage(message) {
  console.error(`bench: ${message}`);
  console.error('usage: node server/scripts/bench.mjs [--seconds N] [--lanes N] [--concurrency N] [--warmup N]');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Ports, server process

/** Free loopback ports: listen on port 0 (all at once, so they differ), read them, close. */
async function freePorts(count) {
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

function startServer({ port, demoPort, dbPath }) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // The public origin is the address the benchmark calls: outside production the server answers only to its own host.
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DEMO_PORT: String(demoPort), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: `sqlite:${dbPath}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: [], stderr: [] };
  child.stderr.on('data', (chunk) => keepLines(output.stderr, chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const ready = new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no "Kirish SSO:" line within ${STARTUP_TIMEOUT_MS / 1000} s`)), STARTUP_TIMEOUT_MS);
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
  return { child, ready, exited, output };
}

function serverAlive(server) {
  return server.child.exitCode === null && server.child.signalCode === null;
}

async function stopServer(server) {
  const { child, exited } = server;
  if (!serverAlive(server)) return;
  child.kill('SIGTERM');
  const timedOut = Symbol('timeout');
  let timer;
  const result = await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(() => resolve(timedOut), KILL_GRACE_MS)))]);
  clearTimeout(timer);
  if (result === timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc; elsewhere the server's share is not reported)

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const value = Number(result.stdout?.trim());
    clockTicks = Number.isFinite(value) && value > 0 ? value : 100;
  }
  return clockTicks;
}

/** CPU seconds (user + system, all threads) used so far by a process, or undefined off Linux. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / ticksPerSecond();
  } catch {
    return undefined;
  }
}

function clientCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function cpuSnapshot(serverPid) {
  return { at: performance.now(), client: clientCpuSeconds(), server: processCpuSeconds(serverPid) };
}

function cpuShare(from, to) {
  const wall = (to.at - from.at) / 1000;
  const share = (a, b) => (a === undefined || b === undefined || wall <= 0 ? undefined : (b - a) / wall);
  return { client: share(from.client, to.client), server: share(from.server, to.server) };
}

/** The file system type holding a path, from /proc/mounts (longest mount-point prefix). */
function fileSystemOf(path) {
  try {
    let best = { mount: '', type: undefined };
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mount, type] = line.split(' ');
      if (!mount || !type) continue;
      const prefix = mount.endsWith('/') ? mount : `${mount}/`;
      if ((path === mount || path.startsWith(prefix)) && mount.length > best.mount.length) best = { mount, type };
    }
    return best.type;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** One POST; resolves (never rejects) with the status (or an error code) and the parsed body. */
function post(agent, port, path, payload) {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const finish = (status, json) => {
      if (settled) return;
      settled = true;
      const ended = performance.now();
      resolve({ status, json, started, ended, ms: ended - started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', (error) => finish(error.code ?? 'response_error'));
        res.on('end', () => {
          let json;
          if (res.statusCode === 200) {
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              finish('bad_json');
              return;
            }
          }
          finish(res.statusCode, json);
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('request timed out'), { code: 'timeout' })));
    req.on('error', (error) => finish(error.code ?? 'request_error'));
    req.end(body);
  });
}

const isTokenPair = (json) => typeof json?.access === 'string' && typeof json?.refresh === 'string';
const isLoginResponse = (json) =>
  isTokenPair(json) && typeof json.user_uuid === 'string' && 'has_phone' in json && 'session' in json;

/** A 200 whose body lacks the expected fields counts as a failure under its own label. */
function outcome(result, valid) {
  if (result.status === 200 && !valid(result.json)) return { ...result, status: 'bad_body' };
  return result;
}

// ---------------------------------------------------------------------------------------------
// Measurement

const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Collects results: those whose response completed inside the measured window give the rate and
 * latencies; the others (warm-up, in flight at the deadline) are only counted.
 */
function createRecorder() {
  return {
    window: { start: 0, end: 0 },
    latencies: [],
    errors: new Map(),
    unmeasured: { successes: 0, errors: new Map() },
    record(result) {
      const status = String(result.status);
      if (result.ended < this.window.start || result.ended > this.window.end) {
        if (result.status === 200) this.unmeasured.successes++;
        else bump(this.unmeasured.errors, status);
      } else if (result.status === 200) this.latencies.push(result.ms);
      else bump(this.errors, status);
    },
  };
}

const sumValues = (map) => [...map.values()].reduce((a, b) => a + b, 0);

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function summarize(name, recorder, seconds, cpu, extra = {}) {
  const sorted = Float64Array.from(recorder.latencies).toSorted();
  const successes = sorted.length;
  return {
    name,
    seconds,
    successes,
    errors: sumValues(recorder.errors),
    errorsByStatus: Object.fromEntries(recorder.errors),
    unmeasuredSuccesses: recorder.unmeasured.successes,
    unmeasuredErrors: sumValues(recorder.unmeasured.errors),
    unmeasuredErrorsByStatus: Object.fromEntries(recorder.unmeasured.errors),
    rate: successes / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    cpu,
    ...extra,
  };
}

/**
 * Runs `workers` loops from now until the deadline (warm-up + measured seconds). A loop starts no
 * request after the deadline, nor once the server has exited; the in-flight ones are awaited
 * (each is bounded by its timeout).
 */
async function runPhase({ server, settings, workers, loop }) {
  const serverPid = server.child.pid;
  const recorder = createRecorder();
  const begin = performance.now();
  recorder.window.start = begin + settings.warmup * 1000;
  recorder.window.end = recorder.window.start + settings.seconds * 1000;
  const deadline = recorder.window.end;

  let cpuFrom;
  let cpuTo;
  const cpuStart = setTimeout(() => (cpuFrom = cpuSnapshot(serverPid)), Math.max(0, recorder.window.start - performance.now()));
  const cpuEnd = setTimeout(() => (cpuTo = cpuSnapshot(serverPid)), Math.max(0, deadline - performance.now()));

  const ctx = { deadline, recorder, timeLeft: () => performance.now() < deadline && serverAlive(server) };
  await Promise.all(Array.from({ length: workers }, (_, index) => loop(index, ctx)));
  clearTimeout(cpuStart);
  clearTimeout(cpuEnd);
  cpuFrom ??= cpuSnapshot(serverPid);
  cpuTo ??= cpuSnapshot(serverPid);
  const measuredSeconds = (Math.min(performance.now(), recorder.window.end) - recorder.window.start) / 1000;
  return { recorder, cpu: cpuShare(cpuFrom, cpuTo), measuredSeconds: Math.max(measuredSeconds, 1e-9) };
}

async function login(agent, port) {
  return outcome(await post(agent, port, LOGIN_PATH, DEMO_LOGIN), isLoginResponse);
}

/** One password login per lane, `concurrency` at a time: the first refresh token of each chain. */
async function setupChains(agent, port, lanes, concurrency) {
  const tokens = Array.from({ length: lanes }, () => undefined);
  const failures = new Map();
  let next = 0;
  const worker = async () => {
    while (next < lanes) {
      const lane = next++;
      const result = await login(agent, port);
      if (result.status === 200) tokens[lane] = result.json.refresh;
      else failures.set(String(result.status), (failures.get(String(result.status)) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, lanes) }, worker));
  return { tokens, failures };
}

async function benchRefresh({ port, server, settings, tokens }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.lanes });
  // A failed refresh leaves the chain's state unknown: the lane never re-sends that token but
  // opens a new session with a login (not counted as a refresh) and carries on.
  let restarts = 0;
  let deadLanes = 0;
  const phase = await runPhase({
    server,
    settings,
    workers: settings.lanes,
    loop: async (lane, { recorder, timeLeft }) => {
      let token = tokens[lane];
      while (timeLeft()) {
        if (token === undefined) {
          const fresh = await login(agent, port);
          if (fresh.status !== 200) {
            deadLanes++;
            return;
          }
          restarts++;
          token = fresh.json.refresh;
          continue;
        }
        const result = outcome(await post(agent, port, REFRESH_PATH, { refresh: token }), isTokenPair);
        recorder.record(result);
        token = result.status === 200 ? result.json.refresh : undefined;
      }
    },
  });
  agent.destroy();
  return summarize('Token refresh', phase.recorder, phase.measuredSeconds, phase.cpu, { restarts, deadLanes, workers: settings.lanes });
}

async function benchLogin({ port, server, settings }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const phase = await runPhase({
    server,
    settings,
    workers: settings.concurrency,
    loop: async (_worker, { recorder, timeLeft }) => {
      while (timeLeft()) recorder.record(await login(agent, port));
    },
  });
  agent.destroy();
  return summarize('Password login', phase.recorder, phase.measuredSeconds, phase.cpu, { workers: settings.concurrency });
}

// ---------------------------------------------------------------------------------------------
// Reporting

const fmt = (value, digits = 1) => (value === undefined ? 'n/a' : value.toFixed(digits));
const fmtInt = (value) => Math.round(value).toLocaleString('en-US');
const verdict = (phase, target) => (phase.rate >= target ? 'PASS' : 'FAIL');
const fmtCpu = (value) => (value === undefined ? 'n/a' : `${Math.round(value * 100)}%`);

/** Failed share of every request the phase sent: measured, warm-up and in flight at the deadline. */
function errorFraction(phase) {
  const errors = phase.errors + phase.unmeasuredErrors;
  const total = phase.successes + phase.unmeasuredSuccesses + errors;
  return total === 0 ? 1 : errors / total;
}

function describeCounts(byStatus) {
  const entries = Object.entries(byStatus);
  return entries.length === 0 ? 'none' : entries.map(([status, count]) => `${count} x ${status}`).join(', ');
}

function printPhase(phase, target) {
  console.log(`\n${phase.name} (${phase.workers} concurrent, ${fmt(phase.seconds)} s measured)`);
  console.log(`  successes  ${phase.successes}`);
  console.log(`  errors     ${phase.errors} (${describeCounts(phase.errorsByStatus)})`);
  console.log(`  rate       ${fmt(phase.rate)} /s   target >= ${fmtInt(target)} /s: ${verdict(phase, target)}`);
  console.log(`  latency    p50 ${fmt(phase.p50, 2)} ms   p95 ${fmt(phase.p95, 2)} ms   p99 ${fmt(phase.p99, 2)} ms`);
  console.log(`  CPU        server ${fmtCpu(phase.cpu.server)}   client ${fmtCpu(phase.cpu.client)}   (100% = one core)`);
  console.log(
    `  unmeasured ${phase.unmeasuredSuccesses} successes, ${phase.unmeasuredErrors} errors (${describeCounts(phase.unmeasuredErrorsByStatus)}) during warm-up or in flight at the deadline`,
  );
  if (phase.restarts !== undefined && (phase.restarts > 0 || phase.deadLanes > 0)) {
    console.log(`  lanes      ${phase.restarts} restarted with a new login after a failed refresh, ${phase.deadLanes} stopped`);
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    model: (cpus[0]?.model ?? 'unknown').trim(),
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function serverSection({ date, settings, refresh, loginPhase, fsType, setupFailures, serverExit }) {
  const m = machine();
  const row = (phase, target) =>
    `| ${phase.name} | ${phase.workers} | ${fmtInt(phase.rate)} | ${fmt(phase.p50, 2)} | ${fmt(phase.p95, 2)} | ${fmt(phase.p99, 2)} | ${phase.successes} | ${phase.errors} | >= ${fmtInt(target)}/s | ${verdict(phase, target)} |`;
  const errorLines = [refresh, loginPhase].flatMap((phase) => [
    ...(phase.errors > 0 ? [`- ${phase.name} errors in the measured window: ${describeCounts(phase.errorsByStatus)}.`] : []),
    ...(phase.unmeasuredErrors > 0 ? [`- ${phase.name} errors during warm-up or after the deadline: ${describeCounts(phase.unmeasuredErrorsByStatus)}.`] : []),
  ]);
  if (setupFailures.size > 0) errorLines.push(`- Setup logins (opening the refresh chains) that failed: ${describeCounts(Object.fromEntries(setupFailures))}.`);
  if (serverExit) errorLines.push(`- Warning: ${serverExit}; the figures cover the run up to that point.`);
  if (refresh.restarts > 0 || refresh.deadLanes > 0) {
    errorLines.push(`- Refresh lanes restarted with a new login after a failed refresh: ${refresh.restarts}; lanes stopped: ${refresh.deadLanes}.`);
  }

  return [
    '## Server',
    '',
    `Command: \`npm run bench:server\``,
    '',
    `- Date: ${date}`,
    `- Machine: ${m.cores} cores, ${m.model}, ${fmt(m.memoryGiB)} GiB memory, Node ${m.node} (${m.platform})`,
    `- Settings: ${fmt(settings.seconds, settings.seconds % 1 === 0 ? 0 : 1)} s measured per phase after ${fmt(settings.warmup, settings.warmup % 1 === 0 ? 0 : 1)} s of warm-up; ${settings.lanes} refresh lanes; login concurrency ${settings.concurrency}`,
    `- Database: a fresh SQLite file in a temporary directory${fsType ? ` (${fsType} file system)` : ''}`,
    '',
    '| Phase | Concurrency | Rate (/s) | p50 (ms) | p95 (ms) | p99 (ms) | Successes | Errors | Target | Result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    row(refresh, TARGETS.refresh),
    row(loginPhase, TARGETS.login),
    '',
    `CPU during the measured windows (100% = one core): refresh: server ${fmtCpu(refresh.cpu.server)}, client ${fmtCpu(refresh.cpu.client)}; login: server ${fmtCpu(loginPhase.cpu.server)}, client ${fmtCpu(loginPhase.cpu.client)}.`,
    ...(errorLines.length > 0 ? ['', ...errorLines] : []),
    '',
    'What is measured: the script starts the built server (`node server/dist/main.js`, NODE_ENV=development) on a fresh database file and sends requests over loopback HTTP/1.1 keep-alive connections from a single Node process on the same machine, so client and server share the cores. Only 200 responses count as successes; rates are responses completed inside the measured window divided by its length, and latencies are per request, client side.',
    '',
    '- Token refresh: `POST /sso/api/v1/TokenRefresh/`. Each lane owns one session and loops sequentially, always presenting the refresh token returned by its previous response (tokens rotate on every use). Each refresh rotates the token in its own unit of work (a SAVEPOINT) and is answered only after the commit that holds it is on disk (WAL, synchronous=FULL); refreshes that arrive together share one commit and one fsync (group commit, server/src/storage/group-commit.ts). Each answer carries a new Ed25519-signed JWT access token.',
    '- Password login: `POST /sso/api/v1/login/LoginUser/` for the demo account. Each login verifies an argon2id hash (m=19456 KiB, t=2, p=1) and opens a session in one SQLite transaction, returning an Ed25519-signed access token and a refresh token. Every attempt is counted before its hash is checked (issue 10), so at most 3 sign-ins of one account are checked at once and the other lanes wait their turn: this phase, all on one account, measures that worst case; sign-ins to different accounts do not wait for each other.',
    '',
    "For comparison, Keycloak's sizing guide (https://www.keycloak.org/high-availability/single-cluster/concepts-memory-and-cpu-sizing) allows 120 refresh-token requests per second per vCPU, that is about 240 refreshes/s for 2 vCPU.",
    '',
  ].join('\n');
}

/** Replaces the "## Server" section (up to the next "## " heading) or appends it. */
async function writeDoc(section) {
  let text;
  try {
    text = await readFile(docPath, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    text = '# Benchmarks\n';
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^## Server\s*$/.test(line));
  let result;
  if (start === -1) {
    result = `${text.replace(/\n*$/, '')}\n\n${section}`;
  } else {
    let end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
    if (end === -1) end = lines.length;
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '');
    const after = lines.slice(end).join('\n').replace(/^\n*/, '');
    result = `${before ? `${before}\n\n` : ''}${section}${after ? `\n${after}` : ''}`;
  }
  await mkdir(dirname(docPath), { recursive: true });
  await writeFile(docPath, result.replace(/\n*$/, '\n'));
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const settings = parseArgs(process.argv.slice(2));
  if (!existsSync(serverEntry)) {
    console.error(`bench: ${serverEntry} is missing; run npm run build:server first (npm run bench:server does)`);
    return 1;
  }

  const tempDir = await mkdtemp(join(os.tmpdir(), 'kirish-bench-'));
  const dbPath = join(tempDir, 'bench.db');
  const [port, demoPort] = await freePorts(2);
  const server = startServer({ port, demoPort, dbPath });
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    console.error('bench: interrupted, stopping the server');
    void stopServer(server)
      .then(() => rm(tempDir, { recursive: true, force: true }))
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    await server.ready;
    const serverPid = server.child.pid;
    console.log(`bench: server pid ${serverPid} on 127.0.0.1:${port}, database ${dbPath}`);
    console.log(`bench: ${settings.seconds} s per phase after ${settings.warmup} s warm-up; ${settings.lanes} refresh lanes; login concurrency ${settings.concurrency}`);

    const setupAgent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
    const chains = await setupChains(setupAgent, port, settings.lanes, settings.concurrency);
    setupAgent.destroy();
    const ready = chains.tokens.filter((token) => token !== undefined).length;
    console.log(`bench: ${ready} of ${settings.lanes} refresh chains opened by password login`);
    if (chains.failures.size > 0) console.log(`bench: setup login failures: ${describeCounts(Object.fromEntries(chains.failures))}`);
    if (ready === 0) throw new Error('no refresh chain could be opened (every setup login failed)');

    const refresh = await benchRefresh({ port, server, settings, tokens: chains.tokens });
    const loginPhase = await benchLogin({ port, server, settings });
    // Reported, not thrown: the figures up to the exit are still printed and written.
    const serverExit = serverAlive(server)
      ? undefined
      : `the server exited during the benchmark (code ${server.child.exitCode}, signal ${server.child.signalCode})`;

    printPhase(refresh, TARGETS.refresh);
    printPhase(loginPhase, TARGETS.login);
    if (serverExit) console.error(`\nbench: ${serverExit}`);
    if (server.output.stderr.length > 0) {
      console.log(`\nserver stderr (last ${Math.min(20, server.output.stderr.length)} lines):`);
      for (const line of server.output.stderr.slice(-20)) console.log(`  ${line}`);
    }

    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    await writeDoc(serverSection({ date, settings, refresh, loginPhase, fsType: fileSystemOf(tempDir), setupFailures: chains.failures, serverExit }));
    console.log(`\nbench: wrote ${docPath}`);

    const failed = [refresh, loginPhase].filter((phase) => errorFraction(phase) > MAX_ERROR_FRACTION);
    for (const phase of failed) {
      console.error(`bench: ${phase.name}: ${(errorFraction(phase) * 100).toFixed(2)}% of requests failed (more than ${MAX_ERROR_FRACTION * 100}%)`);
    }
    return failed.length > 0 || serverExit ? 1 : 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    const tail = [...server.output.stdout.slice(-10), ...server.output.stderr.slice(-20)];
    if (tail.length > 0) console.error(`server output (tail):\n  ${tail.join('\n  ')}`);
    return 1;
  } finally {
    if (!interrupted) {
      await stopServer(server);
      await rm(tempDir, { recursive: true, force: true });
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    }
  }
}

process.exitCode = await main();
