/**
 * The entry file, and the only impure one: reads the environment, opens the database, migrates,
 * seeds demo data and the local OAuth clients outside production, and serves the SSO and the demo
 * partner site.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './bootstrap.js';
import { ConfigError, isLoopbackHostname, loadConfig, type Config } from './config/config.js';
import { UNREAD_BODY_DRAIN_MAX_BYTES, UNREAD_BODY_LINGER_MS } from './config/policy.js';
import { DEMO_ACCOUNT, seedDemoClients, seedDemoData } from './demo-data.js';
import { cspReportRoutes } from './features/csp-reports/csp-report-routes.js';
import { createViolationLog } from './features/csp-reports/violation-log.js';
import { eraseDueAccounts, scheduleEraseJob } from './services/erase-job.js';
import { systemClock } from './lib/clock.js';
import { requirePublicHost } from './middleware/require-public-host.js';
import { settleUnreadBody } from './middleware/unread-body.js';
import { createOutboxSender } from './senders/outbox-sender.js';
import { routeByChannel } from './senders/route-by-channel.js';
import type { Sender } from './senders/sender.js';
import { createSmsGatewaySender } from './senders/sms-gateway-sender.js';
import { createSmtpSender } from './senders/smtp-sender.js';
import { createPhotoStore, uploadsFolder } from './services/photo-store.js';
import { OWN_ORIGIN_ONLY, readPageSources } from './site/content-security-policy.js';
import { demoSite } from './site/demo-site.js';
import { staticSite } from './site/static-site.js';
import { createKyselyStorage } from './storage/kysely-storage.js';
import { migrateToLatest } from './storage/migrations.js';
import { openSqlite } from './storage/sqlite.js';
import type { Storage } from './storage/storage.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distRoot = `${repoRoot}dist`;

function log(message: string, error?: unknown): void {
  const detail = error instanceof Error ? ` ${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
  console.error(`[kirish] ${message}${detail}`);
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

function senderFor(config: Config, storage: Storage): Sender {
  const outbox = createOutboxSender(storage, systemClock);
  return routeByChannel({
    email: config.smtpUrl ? createSmtpSender(config.smtpUrl, config.smtpFrom) : outbox,
    phone: config.smsGatewayUrl ? createSmsGatewaySender(config.smsGatewayUrl) : outbox,
  });
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
  if (config.env !== 'production' && !isLoopbackHostname(new URL(config.publicUrl).hostname)) {
    log(`warning: development mode on the public ${config.publicUrl} (KIRISH_ALLOW_DEV_ON_PUBLIC_URL=1): whoever reaches its dev outbox reads every code`);
  }
  const db = openSqlite(config.database.path);
  await migrateToLatest(db);
  const storage = createKyselyStorage(db, { groupCommit: true });
  // Never in production, and on a public host only when asked for (config.ts: KIRISH_DEMO_ACCOUNT).
  const seeded = config.seedDemoAccount && (await seedDemoData(storage, systemClock));
  // Every start, not only the first: the demo origin follows DEMO_PORT. Does nothing in production.
  await seedDemoClients(storage, config, systemClock);

  const appRoot = `${distRoot}/app`;
  const embedAncestors = async (clientId: string) => (await storage.clients.find(clientId))?.webOrigins ?? [];
  const siteBuilt = existsSync(`${appRoot}/index.html`);
  // The pages' Content-Security-Policy names what the build wrote there (site/content-security-policy.ts).
  const pageSources = siteBuilt ? readPageSources(appRoot) : null;
  if (siteBuilt && !pageSources) log(`no csp-sources.json in ${appRoot}: the pages' policy allows nothing beyond this origin (run npm run build)`);
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
  const app = await buildApp({ config, storage, clock: systemClock, sender: senderFor(config, storage), log, cspViolations, ...(site ? { site } : {}) });

  // Deactivated accounts past their grace period are erased now and then every hour.
  const photos = createPhotoStore(uploadsFolder(config));
  const eraseDue = async () => {
    const erased = await eraseDueAccounts(storage, systemClock, photos);
    if (erased > 0) console.log(`Erased ${erased} deactivated account(s) past their grace period`);
  };
  eraseDue().catch((error: unknown) => log('erasing deactivated accounts failed', error));
  const stopErasing = scheduleEraseJob(eraseDue, log);

  // Outside production listen on loopback only: the dev outbox shows every code.
  const hostname = config.env === 'production' ? undefined : '127.0.0.1';
  const sso = await listen({ fetch: app.fetch, port: config.port, ...(hostname ? { hostname } : {}) });

  const demoRoot = `${distRoot}/demo`;
  const demoBuilt = existsSync(`${demoRoot}/index.html`);
  if (!demoBuilt && config.env !== 'production') log(`no demo build at ${demoRoot}: the demo site is off (run npm run build)`);
  // The demo partner answers, like the SSO, only to its own name and drops what it leaves unread.
  const demoOrigin = `http://127.0.0.1:${config.demoPort}`;
  const demoReports = cspReportRoutes({
    violations: cspViolations,
    site: 'demo',
    clock: systemClock,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
  });
  const demo = new Hono()
    .use(settleUnreadBody({ drainMaxBytes: UNREAD_BODY_DRAIN_MAX_BYTES, lingerMs: UNREAD_BODY_LINGER_MS }), requirePublicHost(demoOrigin))
    .route('/', demoSite({ root: demoRoot, ssoOrigin: config.publicUrl, reports: demoReports }));
  const demoServer = config.env === 'production' || !demoBuilt ? undefined : await listen({ fetch: demo.fetch, port: config.demoPort, hostname: '127.0.0.1' });

  console.log(`Kirish SSO:          ${config.publicUrl}`);
  if (demoServer) console.log(`Demo partner site:   ${demoOrigin}`);
  if (config.env !== 'production') {
    console.log(`Dev outbox:          ${config.publicUrl}/dev/outbox`);
    if (config.seedDemoAccount)
      console.log(
        `Demo account:        phone ${DEMO_ACCOUNT.phone} (or ${DEMO_ACCOUNT.email}), password ${DEMO_ACCOUNT.password}${seeded ? ' (just created)' : ''}`,
      );
  }
  console.log(`Database:            ${config.database.path}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopErasing();
    demoServer?.close();
    sso.close(() => {
      void storage.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: unknown }).port;
    console.error(`Kirish cannot start: port ${String(port)} is in use. Stop what uses it, or set PORT / DEMO_PORT.`);
  } else log('failed to start', error);
  process.exit(1);
});
