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
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileSystemOf } from './bench/cpu.mjs';
import { benchLogin, benchRefresh, setupChains } from './bench/measure.mjs';
import { describeCounts, docPath, errorFraction, MAX_ERROR_FRACTION, printPhase, serverSection, TARGETS, writeDoc } from './bench/report.mjs';
import { freePorts, serverAlive, serverEntry, startServer, stopServer } from './bench/server-process.mjs';
import { parseArgs } from './bench/settings.mjs';

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
    console.log(
      `bench: ${settings.seconds} s per phase after ${settings.warmup} s warm-up; ${settings.lanes} refresh lanes; login concurrency ${settings.concurrency}`,
    );

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
