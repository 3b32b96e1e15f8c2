/**
 * The entry file, and the only impure one: reads the environment, opens the database, migrates,
 * seeds demo data and the local OAuth clients outside production, and serves the SSO and the demo
 * partner site.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp } from './bootstrap.js';
import { ConfigError, isLoopbackHostname, loadConfig, type Config } from './config/config.js';
import {
  PASSWORD_HASH_BUSY_RETRY_AFTER_SECONDS,
  UNREAD_BODY_DRAIN_MAX_BYTES,
  UNREAD_BODY_LINGER_MS,
} from './config/policy.js';
import { DEMO_ACCOUNT, seedDemoClients, seedDemoData } from './demo-data.js';
import { cspReportRoutes } from './features/csp-reports/csp-report-routes.js';
import { createViolationLog } from './features/csp-reports/violation-log.js';
import { createKeyCipher } from './lib/key-encryption.js';
import { hashStats, hashWaitsTimedOut, setHashConcurrency, setHashWaitLimit } from './lib/passwords.js';
import { metricsPortApp } from './features/operations/metrics-routes.js';
import { drainServer } from './lib/drain.js';
import { batchedWriter, createJsonLog, type LogFields } from './lib/json-log.js';
import { createKirishMetrics } from './services/metrics.js';
import { createReadinessCheck } from './storage/readiness.js';
import { randomSecret } from './lib/secrets.js';
import { backgroundJobs } from './services/background-jobs.js';
import { createJobRunner, scheduleJobs } from './services/job-runner.js';
import { KeySecretMismatchError } from './services/key-sealing.js';
import { systemClock } from './lib/clock.js';
import { requirePublicHost } from './middleware/require-public-host.js';
import { settleUnreadBody } from './middleware/unread-body.js';
import { createOutboxSender } from './senders/outbox-sender.js';
import { createConfiguredSender } from './senders/phone-sender.js';
import { createPhotoStore, importPhotoFiles, uploadsFolder } from './services/photo-store.js';
import { OWN_ORIGIN_ONLY, readPageSources } from './site/content-security-policy.js';
import { demoSite } from './site/demo-site.js';
import { staticSite } from './site/static-site.js';
import { migrateToLatest } from './storage/migrations.js';
import { standinRegistrations } from './config/social-config.js';
import { createProviderClients } from './services/social/provider-clients.js';
import { startStandin, type RunningStandin } from './standin/standin.js';
import { startSmsStandin, type RunningSmsStandin } from './standin/sms/sms-standin.js';
import { startPaymentSandbox, type RunningPaymentSandbox } from './standin/payments/sandbox.js';
import { smsReportUrl, STANDIN_ESKIZ, STANDIN_PLAYMOBILE, usesSmsStandin } from './config/sms-config.js';
import { openDatabase } from './storage/open-database.js';
import type { Storage } from './storage/storage.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distRoot = `${repoRoot}dist`;

/** One JSON object a line (lib/json-log.ts, docs/deploy.md, Logs): requests on stdout, warnings and errors on stderr. */
const stdout = batchedWriter((chunk) => process.stdout.write(chunk));
process.on('exit', stdout.flush);
const jsonLog = createJsonLog({ out: stdout.write, err: (line) => process.stderr.write(line) });

/** A warning without an error, an error with one; `fields` names the request that caused it. */
function log(message: string, error?: unknown, fields?: LogFields): void {
  if (error === undefined) jsonLog.warn(message, fields);
  else jsonLog.error(message, error, fields);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Kirish cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts a stand-in, unless another instance on this machine already serves its port (EADDRINUSE): that one is used. */
async function ownOrShared<T>(name: string, port: number, start: () => Promise<T>): Promise<T | undefined> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    jsonLog.info(`${name} port taken: using the stand-in already there`, { port });
    return undefined;
  }
}

/** The stand-in identity provider on STANDIN_PORT with Kirish's development clients registered; none in production. */
async function startOwnStandin(config: Config): Promise<RunningStandin | undefined> {
  const port = config.social.standinPort;
  if (port === null) return undefined;
  const clients = standinRegistrations(config.social, config.publicUrl);
  return ownOrShared('stand-in', port, () => startStandin(port, { clock: systemClock, clients }));
}

/**
 * The SMS gateways' stand-in on SMS_STANDIN_PORT (docs/sms-gateways.md) when a gateway points at it: what it
 * takes goes to the dev outbox, the code read from the WebOTP line (`#123456`); Play Mobile reports here.
 */
async function startOwnSmsStandin(config: Config, storage: Storage): Promise<RunningSmsStandin | undefined> {
  const { sms } = config;
  const port = sms.standinPort;
  if (!usesSmsStandin(sms) || port === null) return undefined;
  const outbox = createOutboxSender(storage, systemClock);
  return ownOrShared('SMS stand-in', port, () =>
    startSmsStandin(port, {
      accounts: { eskiz: sms.eskiz ?? STANDIN_ESKIZ, playmobile: sms.playmobile ?? STANDIN_PLAYMOBILE },
      clock: systemClock,
      deliver: ({ to, text }) =>
        outbox.send({ channel: 'sms', to, text, subject: '', code: /#(\d+)\s*$/.exec(text)?.[1] ?? '' }),
      playmobileReportUrl: sms.reportSecret && smsReportUrl(config.publicUrl, 'playmobile', sms.reportSecret),
    }),
  );
}

/** The payment sandbox on SANDBOX_PORT (README, The payment sandbox) when the processor is it; its cards are the demo phone's. */
async function startOwnSandbox(config: Config): Promise<RunningPaymentSandbox | undefined> {
  const { processor, sandboxPort } = config.payments;
  if (!processor?.sandbox || sandboxPort === null) return undefined;
  const options = { merchant: { id: processor.merchantId, key: processor.merchantKey }, clock: systemClock };
  return ownOrShared('payment sandbox', sandboxPort, () =>
    startPaymentSandbox(sandboxPort, { ...options, demoPhone: DEMO_ACCOUNT.phone }),
  );
}

/** Resolves once the socket accepts connections, so that "started" is only printed when it is true. */
function listen(options: Parameters<typeof serve>[0]): Promise<ReturnType<typeof serve>> {
  return new Promise((resolve, reject) => {
    const server = serve(options, () => resolve(server));
    server.once('error', reject);
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  setHashConcurrency(config.passwordHashConcurrency);
  setHashWaitLimit(config.passwordHashMaxWaitMs, PASSWORD_HASH_BUSY_RETRY_AFTER_SECONDS);
  if (config.env !== 'production' && !isLoopbackHostname(new URL(config.publicUrl).hostname))
    log(
      `warning: development mode on the public ${config.publicUrl} (KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1): whoever reaches its dev outbox reads every code`,
    );
  if (config.keyEncryptionSecret.isDevelopmentDefault)
    log(
      'warning: KEY_ENCRYPTION_SECRET is not set: the signing keys are sealed with the published development secret (docs/keys.md)',
    );
  // SQLite or PostgreSQL, as DATABASE_URL says (storage/open-database.ts); every instance migrates
  // at start, PostgreSQL's under Kysely's advisory lock so that instances starting together wait.
  const database = openDatabase(config.database, log);
  const { db, storage } = database;
  const { newer } = await migrateToLatest(db);
  if (newer.length > 0)
    log(
      `the database has migrations of a newer release (${newer.join(', ')}): running on it as it is (docs/deploy.md, Upgrading)`,
    );
  // Images an earlier release kept as files move into the database (services/photo-store.ts). A
  // folder that cannot be read is said, not fatal: every other page works without those images.
  const photoFolder = uploadsFolder(config);
  try {
    const importedPhotos = await importPhotoFiles(storage, systemClock, photoFolder);
    if (importedPhotos > 0)
      log(
        `copied ${importedPhotos} image(s) from ${photoFolder} into the database; the files may go once every instance runs this release`,
      );
  } catch (error) {
    log(
      `could not copy the images kept as files in ${photoFolder} into the database (${error instanceof Error ? error.message : String(error)}): they are not served until a start can`,
    );
  }
  // Never in production, and on a public host only when asked for (config.ts: KIRISH_DEMO_ACCOUNT).
  const seeded = config.seedDemoAccount && (await seedDemoData(storage, systemClock));
  // Every start, not only the first: the demo origin follows DEMO_PORT; the shop's secret is new. None in production.
  const demoShop = await seedDemoClients(storage, config, systemClock);

  const appRoot = `${distRoot}/app`;
  const embedAncestors = async (clientId: string) => (await storage.clients.find(clientId))?.webOrigins ?? [];
  const siteBuilt = existsSync(`${appRoot}/index.html`);
  // The pages' Content-Security-Policy names what the build wrote there (site/content-security-policy.ts).
  const pageSources = siteBuilt ? readPageSources(appRoot) : null;
  if (siteBuilt && !pageSources)
    log(`no csp-sources.json in ${appRoot}: the pages' policy allows nothing beyond this origin (run npm run build)`);
  const site = siteBuilt
    ? staticSite({
        appRoot,
        distRoot,
        embedAncestors,
        serveSourceMaps: config.env !== 'production',
        sources: pageSources ?? OWN_ORIGIN_ONLY,
        reportTo: config.publicUrl.startsWith('https:'),
      })
    : undefined;
  if (!site) log(`no SPA build at ${appRoot}: serving the API only (run npm run build)`);
  // One record of CSP violations for the SSO's pages and the demo's (GET /dev/csp-reports).
  const cspViolations = createViolationLog({ clock: systemClock, log });
  // Operating it (issue 13, docs/deploy.md): metrics, request lines, readiness and the drain.
  const metrics = createKirishMetrics({
    hashStats,
    hashWaitsTimedOut,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  let draining = false;
  const operations = {
    metrics,
    accessLog: (line: LogFields) => jsonLog.info('request', line),
    readiness: createReadinessCheck(db),
    isDraining: () => draining,
  };
  // The social providers' clients (docs/social-sign-in.md): the configured ones, and outside production the
  // stand-in's for every provider left unset.
  const providerClients = createProviderClients(config, {
    clock: systemClock,
    log: (message, fields) => jsonLog.warn(message, fields),
  });
  // SMS through the chain of SMS_GATEWAYS (docs/deploy.md, SMS gateways), whose reports the app reads.
  const { sender, smsGateways } = createConfiguredSender(config, { storage, clock: systemClock, metrics, log });
  const app = await buildApp({
    config,
    storage,
    providerClients,
    signals: database.signals,
    clock: systemClock,
    sender,
    smsGateways,
    log,
    cspViolations,
    ...operations,
    ...(site ? { site } : {}),
  });

  // Erasing, key rotation and the rate-window sweep, each once per interval across every instance
  // sharing the database; this instance's lease holder name is random at each start.
  const jobs = backgroundJobs({
    storage,
    clock: systemClock,
    cipher: createKeyCipher(config.keyEncryptionSecret.value, config.keyEncryptionSecret.previous),
    photos: createPhotoStore(storage, systemClock),
    report: (message) => jsonLog.info(message),
  });
  const holder = randomSecret(12);
  const stopJobs = scheduleJobs(createJobRunner(storage, systemClock, holder), jobs, log, (job) =>
    jsonLog.info('job ran', { job: job.name, holder }),
  );

  // Outside production listen on loopback only: the dev outbox shows every code.
  const hostname = config.env === 'production' ? undefined : '127.0.0.1';
  const sso = await listen({ fetch: app.fetch, port: config.port, ...(hostname ? { hostname } : {}) });

  const demoRoot = `${distRoot}/demo`;
  const demoBuilt = existsSync(`${demoRoot}/index.html`);
  if (!demoBuilt && config.env !== 'production')
    log(`no demo build at ${demoRoot}: the demo site is off (run npm run build)`);
  // The demo partner answers, like the SSO, only to its own name and drops what it leaves unread.
  const demoOrigin = `http://127.0.0.1:${config.demoPort}`;
  const demoReports = cspReportRoutes({
    violations: cspViolations,
    site: 'demo',
    clock: systemClock,
    storage,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
  });
  const demo = new Hono()
    .use(
      settleUnreadBody({ drainMaxBytes: UNREAD_BODY_DRAIN_MAX_BYTES, lingerMs: UNREAD_BODY_LINGER_MS }),
      requirePublicHost(demoOrigin),
    )
    .route('/', demoSite({ root: demoRoot, ssoOrigin: config.publicUrl, reports: demoReports, shop: demoShop }));
  const demoServer =
    config.env === 'production' || !demoBuilt
      ? undefined
      : await listen({ fetch: demo.fetch, port: config.demoPort, hostname: '127.0.0.1' });

  // The stand-ins (docs/social-sign-in.md, docs/sms-gateways.md) and the payment sandbox, outside production only.
  // Instances on one machine share the first one's: their state is in its memory (a flow begun on one ends on another).
  const standin = await startOwnStandin(config);
  const smsStandin = await startOwnSmsStandin(config, storage);
  const sandbox = await startOwnSandbox(config);

  // The metrics on a port of their own (config/operations-config.ts: METRICS_PORT); with METRICS_TOKEN only, app.ts's.
  const metricsConfig = config.metrics;
  const metricsServer =
    metricsConfig.kind === 'port'
      ? await listen({
          fetch: metricsPortApp(metricsConfig, metrics, config.env === 'production').fetch,
          port: metricsConfig.port,
          hostname: metricsConfig.host,
        })
      : undefined;

  console.log(`Kirish SSO:          ${config.publicUrl}`);
  if (demoServer) console.log(`Demo partner site:   ${demoOrigin}`);
  if (standin) console.log(`Stand-in providers:  ${standin.origin}`);
  if (smsStandin) console.log(`Stand-in SMS:        ${smsStandin.origin}`);
  if (sandbox) console.log(`Payment sandbox:     ${sandbox.origin}`);
  if (config.env !== 'production') {
    console.log(`Dev outbox:          ${config.publicUrl}/dev/outbox`);
    if (config.seedDemoAccount)
      console.log(
        `Demo account:        phone ${DEMO_ACCOUNT.phone} (or ${DEMO_ACCOUNT.email}), password ${DEMO_ACCOUNT.password}${seeded ? ' (just created)' : ''}`,
      );
  }
  console.log(`Database:            ${database.description}`);
  if (metricsConfig.kind === 'port') {
    const host = metricsConfig.host.includes(':') ? `[${metricsConfig.host}]` : metricsConfig.host;
    console.log(`Metrics:             http://${host}:${metricsConfig.port}/metrics`);
  }

  // The drain (lib/drain.ts): /readyz says 503 at once, no new connection is taken, the requests
  // under way are answered for up to SHUTDOWN_GRACE_SECONDS, then the jobs and the database stop.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    jsonLog.info('draining', { signal, grace_seconds: config.shutdownGraceSeconds });
    stopJobs();
    // A last resort if closing itself hangs (a database that does not answer).
    setTimeout(() => {
      log('shutdown did not finish in time: exiting');
      process.exit(1);
    }, graceMs + 10_000).unref();
    const servers = [sso, demoServer, metricsServer].filter((server) => server !== undefined) as Server[];
    for (const running of [standin, smsStandin, sandbox]) void running?.stop().catch(() => undefined);
    void Promise.all(servers.map((server) => drainServer(server, graceMs)))
      .then(async ([drained]) => {
        if (drained?.timedOut) log(`requests still under way after ${config.shutdownGraceSeconds} s were cut off`);
        await database.close();
        jsonLog.info('stopped', { signal });
        process.exit(0);
      })
      .catch((error: unknown) => {
        log('shutting down failed', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: unknown }).port;
    console.error(
      `Kirish cannot start: port ${String(port)} is in use. Stop what uses it, or set PORT / DEMO_PORT / METRICS_PORT.`,
    );
  } else if (error instanceof KeySecretMismatchError) console.error(`Kirish cannot start: ${error.message}`);
  else log('failed to start', error);
  process.exit(1);
});
