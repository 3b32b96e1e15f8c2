/**
 * Loopback benchmark of the API server: token refreshes per second and password logins per second.
 * Run it with `npm run bench:server` (which builds the server first). It starts
 * `server/dist/main.js` on a fresh database, measures, stops the server, removes what it made and
 * writes its section of docs/benchmarks.md.
 *
 * - Default: a real SQLite file in a fresh temporary directory → "## Server".
 * - `--database postgres` (issue 13): SQLite, then PostgreSQL with one instance and with two (two
 *   processes on one database, requests spread over them in turn), each on a fresh database, in a
 *   throwaway PostgreSQL cluster the script starts with durable settings → "## Server on PostgreSQL".
 *
 * Flags: --database sqlite|postgres, --seconds N (measured window per phase, default 10), --lanes N
 * (concurrent refresh chains, default 32), --concurrency N (concurrent logins, default 8),
 * --login-accounts N (the accounts the login phase takes in turn, registered first, default 16, at
 * most 30; a second login phase then signs in to the demo account alone, the per-account throttle's
 * worst case),
 * --warmup N (seconds of unmeasured refresh warm-up per instance, default 2), --login-warmup N (the
 * same for logins, default 30: at a twentieth of the refreshes' rate, the login code needs longer
 * before each process has compiled it — after 10 s per instance, two instances' threads besides
 * the event loops still used 1.3 ms more CPU per login than one instance's, V8 compiling; after 30 s
 * they were level), --rounds N (each configuration measured N times, the configurations taking turns; every
 * figure the median of its rounds; default 1, and 3 with --database postgres, whose comparisons one
 * round cannot settle).
 *
 * BENCH_SERVER_FLAGS, when set, is passed to the server processes' node (for example
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where their time goes).
 *
 * Exit status: 0 when at most 1% of the requests of every phase failed, 1 otherwise (or when a
 * server could not be started). Missing a throughput target is reported, not an error.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { startPostgresCluster } from '../../test/support/postgres-cluster.mjs';
import { runConfiguration } from './bench/configuration.mjs';
import { fileSystemOf } from './bench/cpu.mjs';
import {
  docPath,
  errorFraction,
  MAX_ERROR_FRACTION,
  medianOfRounds,
  POSTGRES_TARGETS,
  postgresSection,
  PHASES,
  printPhase,
  serverSection,
  TARGETS,
  writeDoc,
} from './bench/report.mjs';
import { serverEntry } from './bench/server-process.mjs';
import { parseArgs } from './bench/settings.mjs';

/** Everything the run made, undone in reverse order: servers stop inside runConfiguration. */
const cleanups = [];
let interrupted = false;

async function cleanUp() {
  while (cleanups.length > 0) await cleanups.pop()();
}

function onSignal() {
  interrupted = true;
  console.error('bench: interrupted, cleaning up');
  void cleanUp().finally(() => process.exit(130));
}

async function sqliteUrl() {
  const dir = await mkdtemp(join(os.tmpdir(), 'kirish-bench-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { url: `sqlite:${join(dir, 'bench.db')}`, fsType: fileSystemOf(dir) };
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database in the cluster for one configuration, and its removal once measured: dropped, and
 * the cluster checkpointed, so that neither its autovacuum nor its dirty pages run into the next
 * configuration's measured window.
 */
async function postgresDatabase(cluster, name) {
  const clusterUrl = cluster.url;
  const version = await withClient(clusterUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    return (await client.query('SHOW server_version')).rows[0].server_version;
  });
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  // CHECKPOINT is the superuser's: the throwaway cluster trusts `postgres` on loopback.
  const superuser = new URL(clusterUrl);
  superuser.username = 'postgres';
  const done = () =>
    withClient(superuser.href, async (client) => {
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.query('CHECKPOINT');
    });
  return { url: url.href, pid: cluster.postmasterPid, version: `PostgreSQL ${version.split(' ')[0]}`, done };
}

function report(run, round) {
  console.log(`\n=== ${run.label}, ${run.instances} instance(s)${round} ===`);
  printPhase(run.refresh, TARGETS.refresh);
  printPhase(run.login, TARGETS.login);
  printPhase(run.loginOneAccount);
  if (run.serverExit) console.error(`\nbench: ${run.serverExit}`);
  if (run.stderr.length > 0) {
    console.log(`\nserver stderr (last ${Math.min(20, run.stderr.length)} lines):`);
    for (const line of run.stderr.slice(-20)) console.log(`  ${line}`);
  }
}

async function main() {
  const settings = parseArgs(process.argv.slice(2));
  if (!existsSync(serverEntry)) {
    console.error(`bench: ${serverEntry} is missing; run npm run build:server first (npm run bench:server does)`);
    return 1;
  }
  // Instances on one machine split its cores (docs/deploy.md): each gets its share of the built
  // server's own default (lib/passwords.ts), not a copy of its rule.
  if (settings.hashes === 'split') {
    const { defaultHashConcurrency } = await import(pathToFileURL(join(serverEntry, '..', 'lib', 'passwords.js')).href);
    settings.hashConcurrencyFor = (instances) =>
      Math.max(1, Math.floor(defaultHashConcurrency(Number(process.env.UV_THREADPOOL_SIZE) || undefined) / instances));
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  console.log(
    `bench: ${settings.seconds} s per phase after a warm-up of ${settings.warmup} s (refreshes) and ${settings.loginWarmup} s (logins) per instance; ${settings.lanes} refresh lanes; login concurrency ${settings.concurrency}`,
  );
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  try {
    // The configurations take turns, round after round, each on a fresh database: a slow spell of the
    // machine then falls on all of them alike, and each figure is the median of its rounds.
    const configurations = [{ label: 'SQLite', instances: 1, database: () => sqliteUrl() }];
    if (settings.database === 'postgres') {
      console.log('\nbench: starting a throwaway PostgreSQL cluster (durable settings)');
      const cluster = await startPostgresCluster({ durable: true, log: (line) => console.log(`bench: ${line}`) });
      cleanups.push(async () => cluster.stop());
      for (const instances of [1, 2]) {
        configurations.push({
          label: 'PostgreSQL',
          instances,
          database: (round) => postgresDatabase(cluster, `bench_${instances}_${round}`),
        });
      }
    }
    const rounds = configurations.map(() => []);
    let fsType;
    let postgresVersion;
    for (let round = 1; round <= settings.rounds; round++) {
      // Every other round the later configurations go in the opposite order: none always comes last.
      const order = [...configurations.keys()];
      if (round % 2 === 0) order.splice(1, order.length - 1, ...order.slice(1).toReversed());
      for (const index of order) {
        const configuration = configurations[index];
        const database = await configuration.database(round);
        fsType ??= database.fsType;
        postgresVersion ??= database.version;
        const run = await runConfiguration({
          label: configuration.label,
          databaseUrl: database.url,
          databasePid: database.pid,
          instances: configuration.instances,
          settings,
        });
        await database.done?.();
        rounds[index].push(run);
        report(run, settings.rounds > 1 ? ` (round ${round} of ${settings.rounds})` : '');
      }
    }
    const combined = rounds.map(medianOfRounds);
    if (settings.database === 'sqlite') {
      await writeDoc(serverSection({ date, settings, run: combined[0], fsType }));
    } else {
      await writeDoc(postgresSection({ date, settings, runs: combined, postgresVersion }));
    }
    if (settings.rounds > 1) {
      console.log('\nbench: medians of the rounds');
      for (const run of combined) {
        console.log(
          `  ${run.label} x${run.instances}: refreshes ${Math.round(run.refresh.rate)}/s, logins ${Math.round(run.login.rate)}/s, logins to one account ${Math.round(run.loginOneAccount.rate)}/s`,
        );
      }
    }
    if (settings.database === 'postgres') {
      console.log(
        `\nbench: PostgreSQL target ${POSTGRES_TARGETS.refresh} refreshes/s with one instance: ${Math.round(combined[1].refresh.rate)}/s`,
      );
    }
    console.log(`\nbench: wrote ${docPath}`);

    const failed = rounds.flat().flatMap((run) =>
      PHASES.map((key) => run[key])
        .filter((phase) => errorFraction(phase) > MAX_ERROR_FRACTION)
        .map((phase) => ({ run, phase })),
    );
    for (const { run, phase } of failed) {
      console.error(
        `bench: ${run.label} ×${run.instances}, ${phase.name}: ${(errorFraction(phase) * 100).toFixed(2)}% of requests failed (more than ${MAX_ERROR_FRACTION * 100}%)`,
      );
    }
    return failed.length > 0 || rounds.flat().some((run) => run.serverExit) ? 1 : 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    if (!interrupted) {
      await cleanUp();
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    }
  }
}

process.exitCode = await main();
