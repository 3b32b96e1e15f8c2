/** Measurement: the recorder of one phase, its summary, the phases themselves (setup, refresh, login). */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { inTurn } from './accounts.mjs';
import { cpuShare, cpuSnapshot } from './cpu.mjs';
import { isTokenPair, login, outcome, post, REFRESH_PATH } from './http-client.mjs';
import { serverAlive } from './server-process.mjs';

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

/** Milliseconds of CPU per success, of each part the snapshots measured (undefined where one did not). */
function cpuPerSuccess(used, successes) {
  const per = (seconds) => (seconds === undefined || successes === 0 ? undefined : (seconds * 1000) / successes);
  return { serverMain: per(used.serverMain), serverOthers: per(used.serverOthers), database: per(used.database) };
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
    cpuPerRequest: cpuPerSuccess(cpu.used, successes),
    ...extra,
  };
}

/**
 * The unmeasured warm-up of a phase: `perInstance` seconds for each instance. Each process compiles
 * its hot code only after serving it often enough, and with N instances each serves 1/N of the
 * requests, so it takes N times as long to reach the state a long-running service is measured in.
 */
const warmupOf = (servers, perInstance) => perInstance * servers.length;

/**
 * Runs `workers` loops from now until the deadline (warm-up + measured seconds). A loop starts no
 * request after the deadline, nor once the server has exited; the in-flight ones are awaited
 * (each is bounded by its timeout).
 */
async function runPhase({ servers, databasePid, settings, warmup, workers, loop }) {
  const serverPids = servers.map((server) => server.child.pid);
  const recorder = createRecorder();
  const begin = performance.now();
  recorder.window.start = begin + warmup * 1000;
  recorder.window.end = recorder.window.start + settings.seconds * 1000;
  const deadline = recorder.window.end;

  let cpuFrom;
  let cpuTo;
  const cpuStart = setTimeout(
    () => (cpuFrom = cpuSnapshot(serverPids, databasePid)),
    Math.max(0, recorder.window.start - performance.now()),
  );
  const cpuEnd = setTimeout(
    () => (cpuTo = cpuSnapshot(serverPids, databasePid)),
    Math.max(0, deadline - performance.now()),
  );

  const ctx = { deadline, recorder, timeLeft: () => performance.now() < deadline && servers.every(serverAlive) };
  await Promise.all(Array.from({ length: workers }, (_, index) => loop(index, ctx)));
  clearTimeout(cpuStart);
  clearTimeout(cpuEnd);
  cpuFrom ??= cpuSnapshot(serverPids, databasePid);
  cpuTo ??= cpuSnapshot(serverPids, databasePid);
  const measuredSeconds = (Math.min(performance.now(), recorder.window.end) - recorder.window.start) / 1000;
  return { recorder, cpu: cpuShare(cpuFrom, cpuTo), measuredSeconds: Math.max(measuredSeconds, 1e-9) };
}

/**
 * The instances' ports taken in turn, request by request, as a round-robin balancer would: with two
 * instances, a chain's refreshes alternate between them, so each rotation is checked by the
 * instance that did not write it.
 */
export function roundRobin(ports) {
  let next = 0;
  return () => ports[next++ % ports.length];
}

/** One password login per lane, `concurrency` at a time: the first refresh token of each chain. */
export async function setupChains(agent, ports, lanes, concurrency) {
  const port = roundRobin(ports);
  const tokens = Array.from({ length: lanes }, () => undefined);
  const failures = new Map();
  let next = 0;
  const worker = async () => {
    while (next < lanes) {
      const lane = next++;
      const result = await login(agent, port());
      if (result.status === 200) tokens[lane] = result.json.refresh;
      else failures.set(String(result.status), (failures.get(String(result.status)) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, lanes) }, worker));
  return { tokens, failures };
}

export async function benchRefresh({ ports, servers, databasePid, settings, tokens }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.lanes });
  const port = roundRobin(ports);
  // A failed refresh leaves the chain's state unknown: the lane never re-sends that token but
  // opens a new session with a login (not counted as a refresh) and carries on.
  let restarts = 0;
  let deadLanes = 0;
  const phase = await runPhase({
    servers,
    databasePid,
    settings,
    warmup: warmupOf(servers, settings.warmup),
    workers: settings.lanes,
    loop: async (lane, { recorder, timeLeft }) => {
      let token = tokens[lane];
      while (timeLeft()) {
        if (token === undefined) {
          const fresh = await login(agent, port());
          if (fresh.status !== 200) {
            deadLanes++;
            return;
          }
          restarts++;
          token = fresh.json.refresh;
          continue;
        }
        const result = outcome(await post(agent, port(), REFRESH_PATH, { refresh: token }), isTokenPair);
        recorder.record(result);
        token = result.status === 200 ? result.json.refresh : undefined;
      }
    },
  });
  agent.destroy();
  return summarize('Token refresh', phase.recorder, phase.measuredSeconds, phase.cpu, {
    restarts,
    deadLanes,
    workers: settings.lanes,
  });
}

/**
 * Password logins, `concurrency` at a time, to `accounts` taken in turn (the demo account alone
 * when none are given). `warmupPerInstance` defaults to the login warm-up; a phase that follows
 * another login phase in the same processes needs only the short one.
 */
export async function benchLogin({
  ports,
  servers,
  databasePid,
  settings,
  name = 'Password login',
  accounts,
  warmupPerInstance = settings.loginWarmup,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const port = roundRobin(ports);
  const account = accounts === undefined ? () => undefined : inTurn(accounts);
  const phase = await runPhase({
    servers,
    databasePid,
    settings,
    warmup: warmupOf(servers, warmupPerInstance),
    workers: settings.concurrency,
    loop: async (_worker, { recorder, timeLeft }) => {
      while (timeLeft()) recorder.record(await login(agent, port(), account()));
    },
  });
  agent.destroy();
  return summarize(name, phase.recorder, phase.measuredSeconds, phase.cpu, {
    workers: settings.concurrency,
    accounts: accounts?.length ?? 1,
  });
}
