/**
 * One configuration of the benchmark: N instances of the built server over one database, the refresh
 * chains opened and the login phase's accounts registered, then the refresh phase, the login phase
 * (many accounts) and the one-account login phase, with the requests spread over the instances in
 * turn. The instances start one after the other: the first migrates and seeds the demo account.
 */
import http from 'node:http';
import { registerAccounts } from './accounts.mjs';
import { benchLogin, benchRefresh, setupChains } from './measure.mjs';
import { freePorts, serverAlive, startServer, stopServer } from './server-process.mjs';

export async function runConfiguration({ label, databaseUrl, databasePid, instances, settings, onStarted }) {
  const servers = [];
  const hashConcurrency = settings.hashConcurrencyFor?.(instances);
  try {
    for (let i = 0; i < instances; i++) {
      const [port, demoPort] = await freePorts(2);
      const server = startServer({ port, demoPort, databaseUrl, hashConcurrency });
      servers.push(server);
      onStarted?.(servers);
      await server.ready;
    }
    const ports = servers.map((server) => server.port);
    console.log(`bench: ${label}: ${instances} instance(s) on ${ports.map((port) => `127.0.0.1:${port}`).join(', ')}`);

    const setupAgent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
    const chains = await setupChains(setupAgent, ports, settings.lanes, settings.concurrency);
    setupAgent.destroy();
    const ready = chains.tokens.filter((token) => token !== undefined).length;
    console.log(`bench: ${label}: ${ready} of ${settings.lanes} refresh chains opened by password login`);
    if (ready === 0) throw new Error(`${label}: no refresh chain could be opened (every setup login failed)`);

    const accounts = await registerAccounts(ports, settings.loginAccounts);
    console.log(`bench: ${label}: ${accounts.length} accounts registered for the login phase`);

    const refresh = await benchRefresh({ ports, servers, databasePid, settings, tokens: chains.tokens });
    const login = await benchLogin({ ports, servers, databasePid, settings, accounts });
    // The worst case of the per-account throttle: every attempt at one account, most of them waiting their turn.
    const loginOneAccount = await benchLogin({
      ports,
      servers,
      databasePid,
      settings,
      name: 'Password login, one account',
      warmupPerInstance: settings.warmup,
    });
    const dead = servers.filter((server) => !serverAlive(server));
    // Reported, not thrown: the figures up to the exit are still printed and written.
    const serverExit =
      dead.length === 0
        ? undefined
        : `${dead.length} server instance(s) exited during the benchmark (code ${dead[0].child.exitCode}, signal ${dead[0].child.signalCode})`;
    return {
      label,
      instances,
      refresh,
      login,
      loginOneAccount,
      setupFailures: chains.failures,
      serverExit,
      stderr: servers.flatMap((server) => server.output.stderr),
    };
  } catch (error) {
    const tail = servers.flatMap((server) => [...server.output.stdout.slice(-5), ...server.output.stderr.slice(-10)]);
    if (tail.length > 0) console.error(`server output (tail):\n  ${tail.join('\n  ')}`);
    throw error;
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}
