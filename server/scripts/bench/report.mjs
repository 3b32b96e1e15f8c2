/** The report: the targets, the phases printed to the console, the "Server" section of docs/benchmarks.md. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const docPath = join(repoRoot, 'docs', 'benchmarks.md');

export const TARGETS = { refresh: 2000, login: 80 };
/** A configuration's phases, in the order they run; the one-account logins have no target of their own. */
export const PHASES = ['refresh', 'login', 'loginOneAccount'];
export const MAX_ERROR_FRACTION = 0.01;

const fmt = (value, digits = 1) => (value === undefined ? 'n/a' : value.toFixed(digits));
const fmtInt = (value) => Math.round(value).toLocaleString('en-US');
const verdict = (phase, target) => (phase.rate >= target ? 'PASS' : 'FAIL');
const fmtCpu = (value) => (value === undefined ? 'n/a' : `${Math.round(value * 100)}%`);
/** CPU per request in ms: the servers' main threads · their other threads (argon2, libuv, V8's helpers) · PostgreSQL. */
const fmtCpuPerRequest = ({ serverMain, serverOthers, database }) =>
  [serverMain, serverOthers, database].map((ms) => fmt(ms, 2)).join(' · ');

/** Failed share of every request the phase sent: measured, warm-up and in flight at the deadline. */
export function errorFraction(phase) {
  const errors = phase.errors + phase.unmeasuredErrors;
  const total = phase.successes + phase.unmeasuredSuccesses + errors;
  return total === 0 ? 1 : errors / total;
}

export function describeCounts(byStatus) {
  const entries = Object.entries(byStatus);
  return entries.length === 0 ? 'none' : entries.map(([status, count]) => `${count} x ${status}`).join(', ');
}

export function printPhase(phase, target) {
  const accounts = phase.accounts === undefined ? '' : `, ${phase.accounts} account${phase.accounts === 1 ? '' : 's'}`;
  console.log(`\n${phase.name} (${phase.workers} concurrent${accounts}, ${fmt(phase.seconds)} s measured)`);
  console.log(`  successes  ${phase.successes}`);
  console.log(`  errors     ${phase.errors} (${describeCounts(phase.errorsByStatus)})`);
  console.log(
    `  rate       ${fmt(phase.rate)} /s${target === undefined ? '' : `   target >= ${fmtInt(target)} /s: ${verdict(phase, target)}`}`,
  );
  console.log(`  latency    p50 ${fmt(phase.p50, 2)} ms   p95 ${fmt(phase.p95, 2)} ms   p99 ${fmt(phase.p99, 2)} ms`);
  console.log(
    `  CPU        server ${fmtCpu(phase.cpu.server)}   client ${fmtCpu(phase.cpu.client)}   (100% = one core)`,
  );
  console.log(
    `  CPU/req    ${fmtCpuPerRequest(phase.cpuPerRequest)} ms   (server main threads · other server threads · PostgreSQL)`,
  );
  console.log(
    `  unmeasured ${phase.unmeasuredSuccesses} successes, ${phase.unmeasuredErrors} errors (${describeCounts(phase.unmeasuredErrorsByStatus)}) during warm-up or in flight at the deadline`,
  );
  if (phase.restarts !== undefined && (phase.restarts > 0 || phase.deadLanes > 0)) {
    console.log(
      `  lanes      ${phase.restarts} restarted with a new login after a failed refresh, ${phase.deadLanes} stopped`,
    );
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

/**
 * The rounds of one configuration taken together: each phase is the round with the median rate of
 * that phase (the lower of the two middle ones for an even count), and keeps every round's rate.
 */
export function medianOfRounds(rounds) {
  const median = (key) => {
    const sorted = rounds.map((run) => run[key]).toSorted((a, b) => a.rate - b.rate);
    return { ...sorted[Math.floor((sorted.length - 1) / 2)], roundRates: rounds.map((run) => run[key].rate) };
  };
  return {
    label: rounds[0].label,
    instances: rounds[0].instances,
    ...Object.fromEntries(PHASES.map((key) => [key, median(key)])),
    rounds,
  };
}

const fmtRounds = (phase) => phase.roundRates.map(fmtInt).join(' · ');

/** The lines under a configuration's table: every round's errors, servers that exited, restarted lanes. */
function errorLinesOf(combined, label) {
  return combined.rounds.flatMap((run, index) =>
    errorLinesOfRound(run, [label, combined.rounds.length > 1 ? `round ${index + 1}` : ''].filter(Boolean).join(', ')),
  );
}

function errorLinesOfRound(run, name) {
  const label = name ? `${name}: ` : '';
  const lines = PHASES.map((key) => run[key]).flatMap((phase) => [
    ...(phase.errors > 0
      ? [`- ${label}${phase.name} errors in the measured window: ${describeCounts(phase.errorsByStatus)}.`]
      : []),
    ...(phase.unmeasuredErrors > 0
      ? [
          `- ${label}${phase.name} errors during warm-up or after the deadline: ${describeCounts(phase.unmeasuredErrorsByStatus)}.`,
        ]
      : []),
  ]);
  if (run.setupFailures.size > 0)
    lines.push(
      `- ${label}Setup logins (opening the refresh chains) that failed: ${describeCounts(Object.fromEntries(run.setupFailures))}.`,
    );
  if (run.serverExit) lines.push(`- ${label}Warning: ${run.serverExit}; the figures cover the run up to that point.`);
  if (run.refresh.restarts > 0 || run.refresh.deadLanes > 0) {
    lines.push(
      `- ${label}Refresh lanes restarted with a new login after a failed refresh: ${run.refresh.restarts}; lanes stopped: ${run.refresh.deadLanes}.`,
    );
  }
  return lines;
}

const hashesSetting = (settings) =>
  settings.hashConcurrencyFor
    ? `password hashes at once per instance (PASSWORD_HASH_CONCURRENCY) ${[1, 2].map((n) => `${settings.hashConcurrencyFor(n)} with ${n} instance${n > 1 ? 's' : ''}`).join(', ')}: instances on one machine split its cores (docs/deploy.md)`
    : 'each instance with its default PASSWORD_HASH_CONCURRENCY (one hash per core)';

const settingsLine = (settings) =>
  `- Settings: ${fmt(settings.seconds, settings.seconds % 1 === 0 ? 0 : 1)} s measured per phase after a warm-up of ${fmt(settings.warmup, settings.warmup % 1 === 0 ? 0 : 1)} s (refreshes) and ${fmt(settings.loginWarmup, settings.loginWarmup % 1 === 0 ? 0 : 1)} s (logins) per instance, so that each process has served as many requests before the window; ${settings.lanes} refresh lanes; login concurrency ${settings.concurrency}; ${hashesSetting(settings)}` +
  (settings.rounds > 1
    ? `; ${settings.rounds} rounds, the configurations taking turns within each, every figure of a phase from its round with the median rate (all rounds' rates in the last column)`
    : '');

const machineLine = () => {
  const m = machine();
  return `- Machine: ${m.cores} cores, ${m.model}, ${fmt(m.memoryGiB)} GiB memory, Node ${m.node} (${m.platform})`;
};

const WHAT_IS_MEASURED =
  'What is measured: the script starts the built server (`node server/dist/main.js`, NODE_ENV=development) on a fresh database and sends requests over loopback HTTP/1.1 keep-alive connections from a single Node process on the same machine, so client, server (and PostgreSQL) share the cores. Only 200 responses count as successes; rates are responses completed inside the measured window divided by its length, and latencies are per request, client side. Every request also writes its JSON log line (issue 13) to a pipe the script reads.';

const LOGIN_MEASURED =
  "- Password login: `POST /sso/api/v1/login/LoginUser/`, taking in turn the accounts the script registered beforehand as a person does (a code by SMS from the dev outbox, then RegisterUser): many people signing in, each to their own account. Each login counts the attempt at the account and the address (issue 10), verifies an argon2id hash (m=19456 KiB, t=2, p=1) and opens a session, returning an Ed25519-signed access token and a refresh token.\n- Password login, one account: every login to the demo account, after a warm-up of the refresh phase's length (the processes are warm from the phase before). The per-account throttle lets at most 3 attempts at one account be checked at once and the others wait their turn (services/login-throttle.ts), so this measures that worst case: how fast one account's turns are handed on, not the servers' capacity.";

const targetRow = (phase, target) =>
  `| ${phase.name} | ${phase.workers} | ${fmtInt(phase.rate)} | ${fmt(phase.p50, 2)} | ${fmt(phase.p95, 2)} | ${fmt(phase.p99, 2)} | ${phase.successes} | ${phase.errors} | ${target === undefined ? 'none' : `>= ${fmtInt(target)}/s`} | ${target === undefined ? '—' : verdict(phase, target)} |`;

export function serverSection({ date, settings, run, fsType }) {
  const { refresh, login: loginPhase, loginOneAccount } = run;
  const errorLines = errorLinesOf(run, '');
  const rounds = settings.rounds > 1;
  return [
    '## Server',
    '',
    `Command: \`npm run bench:server\``,
    '',
    `- Date: ${date}`,
    machineLine(),
    settingsLine(settings),
    `- Database: a fresh SQLite file in a temporary directory${fsType ? ` (${fsType} file system)` : ''}`,
    '',
    `| Phase | Concurrency | Rate (/s) | p50 (ms) | p95 (ms) | p99 (ms) | Successes | Errors | Target | Result |${rounds ? ' Rounds (/s) |' : ''}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |${rounds ? ' --- |' : ''}`,
    targetRow(refresh, TARGETS.refresh) + (rounds ? ` ${fmtRounds(refresh)} |` : ''),
    targetRow(loginPhase, TARGETS.login) + (rounds ? ` ${fmtRounds(loginPhase)} |` : ''),
    targetRow(loginOneAccount, undefined) + (rounds ? ` ${fmtRounds(loginOneAccount)} |` : ''),
    '',
    `CPU during the measured windows (100% = one core): refresh: server ${fmtCpu(refresh.cpu.server)}, client ${fmtCpu(refresh.cpu.client)}; login: server ${fmtCpu(loginPhase.cpu.server)}, client ${fmtCpu(loginPhase.cpu.client)}.`,
    ...(errorLines.length > 0 ? ['', ...errorLines] : []),
    '',
    WHAT_IS_MEASURED,
    '',
    '- Token refresh: `POST /sso/api/v1/TokenRefresh/`. Each lane owns one session and loops sequentially, always presenting the refresh token returned by its previous response (tokens rotate on every use). Each refresh rotates the token in its own unit of work (a SAVEPOINT) and is answered only after the commit that holds it is on disk (WAL, synchronous=FULL); refreshes that arrive together share one commit and one fsync (group commit, server/src/storage/group-commit.ts). Each answer carries a new Ed25519-signed JWT access token.',
    LOGIN_MEASURED,
    '',
    "For comparison, Keycloak's sizing guide (https://www.keycloak.org/high-availability/single-cluster/concepts-memory-and-cpu-sizing) allows 120 refresh-token requests per second per vCPU, that is about 240 refreshes/s for 2 vCPU.",
    '',
  ].join('\n');
}

/** Issue 13's targets on PostgreSQL: 1,500 refreshes/s with one instance; two instances not slower than one. */
export const POSTGRES_TARGETS = { refresh: 1500 };

/** "## Server on PostgreSQL": SQLite, PostgreSQL with one instance and with two, measured in one run. */
export function postgresSection({ date, settings, runs, postgresVersion }) {
  const [sqlite, one, two] = runs;
  const row = (run, phase) =>
    `| ${run.label} | ${run.instances} | ${phase.name} | ${phase.workers} | ${fmtInt(phase.rate)} | ${fmt(phase.p50, 2)} | ${fmt(phase.p95, 2)} | ${fmt(phase.p99, 2)} | ${phase.errors} | ${fmtCpu(phase.cpu.server)} | ${fmtCpuPerRequest(phase.cpuPerRequest)} | ${fmtRounds(phase)} |`;
  const verdicts = [
    `- PostgreSQL, one instance, refreshes >= ${fmtInt(POSTGRES_TARGETS.refresh)}/s: ${fmtInt(one.refresh.rate)}/s, ${one.refresh.rate >= POSTGRES_TARGETS.refresh ? 'PASS' : 'FAIL'}.`,
    `- Two instances not slower than one${settings.rounds > 1 ? ` (medians of ${settings.rounds} rounds)` : ''}: refreshes ${fmtInt(two.refresh.rate)} against ${fmtInt(one.refresh.rate)}/s, ${two.refresh.rate >= one.refresh.rate ? 'PASS' : 'FAIL'}; logins ${fmtInt(two.login.rate)} against ${fmtInt(one.login.rate)}/s, ${two.login.rate >= one.login.rate ? 'PASS' : 'FAIL'}.`,
    `- Logins to one account (no target: the throttle's worst case): ${fmtInt(two.loginOneAccount.rate)}/s with two instances against ${fmtInt(one.loginOneAccount.rate)}/s with one.`,
  ];
  const errorLines = runs.flatMap((run) => errorLinesOf(run, `${run.label} ×${run.instances}`));
  return [
    '## Server on PostgreSQL',
    '',
    'Command: `npm run bench:server -- --database postgres`',
    '',
    `- Date: ${date}`,
    machineLine(),
    settingsLine(settings),
    `- Databases: ${sqlite.label} as \`npm start\` opens it (WAL, synchronous=FULL, group commit); ${postgresVersion} in a throwaway cluster on loopback started by the script (test/support/postgres-cluster.mjs) with its durable defaults (fsync and synchronous_commit on), a pool of 10 connections per instance (DATABASE_POOL_SIZE). Each configuration starts on a fresh database, which is dropped and the cluster checkpointed once it is measured, so that its vacuuming and writing-back do not fall into the next one's window; from round to round the two PostgreSQL configurations take turns going first.`,
    "- Two instances: two server processes on one database, the requests spread over them in turn as a round-robin balancer would — so a chain's refreshes alternate between the instances, each rotation checked by the one that did not write it.",
    '',
    '| Database | Instances | Phase | Concurrency | Rate (/s) | p50 (ms) | p95 (ms) | p99 (ms) | Errors | Server CPU | CPU per request (ms) | Rounds (/s) |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...runs.flatMap((run) => PHASES.map((key) => row(run, run[key]))),
    '',
    ...verdicts,
    ...(errorLines.length > 0 ? ['', ...errorLines] : []),
    '',
    "Server CPU is the Kirish processes together (100% = one core); PostgreSQL's own processes are not in it. CPU per request is the CPU time of the measured window over its successes, in three parts: the Kirish processes' main threads (the event loops: HTTP, JSON, the database client, tokens) · their other threads (the password hashes on libuv's pool, V8's compiler and garbage-collector helpers) · PostgreSQL's processes (n/a for SQLite, which works inside the server). It is read from /proc (Linux) at the window's start and end. " +
      WHAT_IS_MEASURED,
    '',
    LOGIN_MEASURED,
    '',
  ].join('\n');
}

/** Replaces the section of the same heading (its first line, up to the next "## " heading) or appends it. */
export async function writeDoc(section) {
  const heading = section.split('\n')[0];
  let text;
  try {
    text = await readFile(docPath, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    text = '# Benchmarks\n';
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === heading);
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
