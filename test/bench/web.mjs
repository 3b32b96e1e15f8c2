/**
 * `npm run bench:web` (which builds first): how fast the login page and the widget's embed page are
 * on a phone, a benchmark and not a test. It starts the built server (`server/dist/main.js`, as
 * `npm start` does: NODE_ENV=development, the SSO on localhost and the demo partner on 127.0.0.1) on
 * a fresh SQLite file in a temporary folder, and loads each route in headless Chromium with a
 * mobile profile and a cold cache, five times:
 *
 * - a phone: 412×823 CSS px, 1.75 device pixels per px, touch, a mobile user agent;
 * - the CPU slowed down 4× (CDP `Emulation.setCPUThrottlingRate`);
 * - the network: 150 ms round trip, 1.6 Mbps down, 750 kbps up (CDP `Network.emulateNetworkConditions`);
 * - a fresh browser context per run: no cache, no cookies, no storage.
 *
 * Per run: FCP and LCP (PerformanceObservers `paint` and `largest-contentful-paint`, buffered, set up
 * before the page's own scripts), TBT (the sum over long tasks of their time over 50 ms, from the
 * start of the navigation until the page has been idle for a while after `load`), and the bytes
 * transferred (the sum of CDP `Network.loadingFinished` `encodedDataLength`: headers and compressed
 * bodies, as on the wire). It prints the medians against the targets and writes the "Web (mobile
 * profile)" section of docs/benchmarks.md.
 *
 * Flags: --runs N (default 5); --verbose lists every request of every run with its size and coding.
 * Exit status: 0 when every run was measured (a missed target is reported, not an error), 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = join(repoRoot, 'server', 'dist', 'main.js');
const docPath = join(repoRoot, 'docs', 'benchmarks.md');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SECTION_TITLE = '## Web (mobile profile)';

const TARGETS = { lcpMs: 1500, tbtMs: 200, bytes: 130 * 1000 };
const PROFILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'uz',
  timezoneId: 'Asia/Tashkent',
};
const CPU_SLOWDOWN = 4;
// Lighthouse's "slow 4G" figures: kbps are 1024 bits here, as in Chromium's own presets.
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** After `load`: no request for this long counts as idle... */
const QUIET_MS = 1500;
/** ...and long tasks are collected this much longer. */
const SETTLE_MS = 1000;
const NAVIGATION_TIMEOUT_MS = 60_000;

// Runs in every frame before its own scripts: records paints and long tasks as they happen.
const OBSERVERS = `(() => {
  const bench = (window.kirishBench = { fcp: null, lcp: null, longTasks: [] });
  const observe = (type, take) => { try { new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true }); } catch {} };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { bench.lcp = entry.startTime; });
  observe('longtask', (entry) => bench.longTasks.push({ start: entry.startTime, duration: entry.duration }));
})();`;

// ---------------------------------------------------------------------------------------------
// The server

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

async function startServer(dbPath) {
  const port = await freePort();
  const demoPort = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DEMO_PORT: String(demoPort), PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: `sqlite:${dbPath}` },
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

// ---------------------------------------------------------------------------------------------
// One measured load

/** Counts the bytes of every request of the page (frames in its process included) and tracks idleness. */
function watchNetwork(cdp, countsUrl) {
  const urls = new Map();
  const inFlight = new Set();
  const encodingOf = new Map();
  const state = { bytes: 0, requests: 0, lastActivity: Date.now(), acceptEncoding: null, contentEncodings: new Set(), entries: [] };
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    urls.set(requestId, request.url);
    inFlight.add(requestId);
    state.lastActivity = Date.now();
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
    const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1];
    if (value && state.acceptEncoding === null) state.acceptEncoding = value;
  });
  cdp.on('Network.responseReceived', ({ response }) => {
    if (!countsUrl(response.url)) return;
    const value = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    state.contentEncodings.add(value ?? 'identity');
    encodingOf.set(response.url, value ?? 'identity');
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    inFlight.delete(requestId);
    state.lastActivity = Date.now();
    const url = urls.get(requestId) ?? '';
    if (countsUrl(url)) {
      state.bytes += encodedDataLength;
      state.requests += 1;
      state.entries.push({ url, bytes: encodedDataLength, encoding: encodingOf.get(url) ?? '?' });
    }
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    inFlight.delete(requestId);
    state.lastActivity = Date.now();
  });
  state.idle = async () => {
    const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - state.lastActivity < QUIET_MS)) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  return state;
}

async function readMetrics(frame) {
  const bench = await frame.evaluate(() => ({ ...window.kirishBench, loadEnd: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? null }));
  if (!bench) throw new Error(`no measurements in ${frame.url()}`);
  const tbt = bench.longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return { fcp: bench.fcp, lcp: bench.lcp, tbt, longTasks: bench.longTasks.length, loadEnd: bench.loadEnd };
}

async function newMobilePage(browser, countsUrl) {
  const context = await browser.newContext({ ...PROFILE, userAgent: mobileUserAgent(browser.version()) });
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const network = watchNetwork(cdp, countsUrl);
  return { context, page, network };
}

function mobileUserAgent(version) {
  return `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;
}

/** The login page, opened as a person opens it: a top-level navigation. */
async function measureLogin(browser, server) {
  const { context, page, network } = await newMobilePage(browser, (url) => url.startsWith(server.origin));
  try {
    await page.goto(`${server.origin}/login`, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    await network.idle();
    await page.waitForTimeout(SETTLE_MS);
    return { ...(await readMetrics(page.mainFrame())), bytes: network.bytes, requests: network.requests, entries: network.entries, acceptEncoding: network.acceptEncoding, contentEncodings: [...network.contentEncodings] };
  } finally {
    await context.close();
  }
}

/**
 * The embed page as the widget opens it: the loader's script tag on a page of the demo partner's
 * origin (the only one registered for kirish-demo), which makes the iframe onto /embed with its
 * client id, origin and PKCE challenge. Opened top-level the page would only say that no partner
 * confirmed it, so it is measured in its iframe; its FCP and LCP count from the iframe's own
 * navigation start. The host page is the demo origin's 404 answer with the script tag put in,
 * instead of the demo page, which holds two widgets that would share the bandwidth. The bytes are
 * everything from the SSO: the loader, the page, its assets and its API calls.
 */
async function measureEmbed(browser, server) {
  const { context, page, network } = await newMobilePage(browser, (url) => url.startsWith(server.origin));
  try {
    await page.goto(`${server.demoOrigin}/kirish-bench-host`, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    network.bytes = 0;
    network.requests = 0;
    network.entries = [];
    const frameLoaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame.url().startsWith(`${server.origin}/embed?`), timeout: NAVIGATION_TIMEOUT_MS });
    await page.evaluate((sso) => {
      document.body.innerHTML = '<div id="login"></div>';
      const script = document.createElement('script');
      script.src = `${sso}/widget/widget.js`;
      script.dataset.clientId = 'kirish-demo';
      document.getElementById('login').append(script);
    }, server.origin);
    const frame = await frameLoaded;
    await frame.waitForLoadState('load', { timeout: NAVIGATION_TIMEOUT_MS });
    await network.idle();
    await page.waitForTimeout(SETTLE_MS);
    const started = await frame.evaluate(() => performance.timeOrigin);
    const hostStarted = await page.evaluate(() => performance.timeOrigin);
    const framed = await frame.evaluate(() => window.parent !== window);
    if (!framed) throw new Error('the embed page was not in a frame');
    return { ...(await readMetrics(frame)), bytes: network.bytes, requests: network.requests, entries: network.entries, acceptEncoding: network.acceptEncoding, contentEncodings: [...network.contentEncodings], frameStartMs: started - hostStarted };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Figures

function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const kB = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 1000).toFixed(1)} kB`);
const verdict = (value, limit) => (value !== null && value <= limit ? 'PASS' : 'FAIL');

function summarize(name, runs) {
  return {
    name,
    runs,
    fcp: median(runs.map((run) => run.fcp)),
    lcp: median(runs.map((run) => run.lcp)),
    tbt: median(runs.map((run) => run.tbt)),
    bytes: median(runs.map((run) => run.bytes)),
    requests: median(runs.map((run) => run.requests)),
    frameStartMs: median(runs.map((run) => run.frameStartMs)),
  };
}

function tableRows(routes) {
  return routes.map(
    (route) =>
      `| ${route.name} | ${ms(route.fcp)} | ${ms(route.lcp)} (${verdict(route.lcp, TARGETS.lcpMs)}) | ${ms(route.tbt)} (${verdict(route.tbt, TARGETS.tbtMs)}) | ${kB(route.bytes)} in ${route.requests} requests (${verdict(route.bytes, TARGETS.bytes)}) |`,
  );
}

const TABLE_HEAD = [
  `| Route | FCP | LCP (target ≤ ${TARGETS.lcpMs} ms) | TBT (target ≤ ${TARGETS.tbtMs} ms) | Transferred (target ≤ ${TARGETS.bytes / 1000} kB) |`,
  '| --- | ---: | ---: | ---: | ---: |',
];

function section({ date, routes, chromiumVersion, acceptEncoding, contentEncodings, runs }) {
  const embed = routes.find((route) => route.name.startsWith('/embed'));
  const plainPaths = [...new Set(routes.flatMap((route) => route.runs[0]?.entries ?? []).filter((entry) => entry.encoding === 'identity').map((entry) => new URL(entry.url).pathname))];
  return [
    SECTION_TITLE,
    '',
    'Command: `npm run bench:web` (builds, then runs `node test/bench/web.mjs`)',
    '',
    `- Date: ${date}`,
    `- Machine: ${os.availableParallelism()} cores (\`nproc\`), ${(os.cpus()[0]?.model ?? 'unknown').trim()}, Node ${process.version}; Chromium ${chromiumVersion} (headless, ${CHROMIUM})`,
    `- Profile: ${PROFILE.viewport.width}×${PROFILE.viewport.height} CSS px at ${PROFILE.deviceScaleFactor}×, touch, mobile user agent; CPU ${CPU_SLOWDOWN}× slower; 150 ms RTT, 1.6 Mbps down, 750 kbps up; a fresh context (cold cache) per run; median of ${runs} runs`,
    `- Chromium sent \`Accept-Encoding: ${acceptEncoding ?? 'n/a'}\` to plain-http localhost: br included, although the connection is not HTTPS. The SSO answered with Content-Encoding ${contentEncodings.join(', ')}${plainPaths.length > 0 ? `; uncompressed: ${plainPaths.map((path) => `\`${path}\``).join(', ')} (under 1 kB)` : ''}.`,
    '',
    ...TABLE_HEAD,
    ...tableRows(routes),
    '',
    '- `/login`: a top-level navigation to `http://localhost:PORT/login` (Uzbek, the default locale).',
    `- \`/embed\`: measured inside its iframe, as the widget opens it — the loader's script tag (\`data-client-id="kirish-demo"\`) on a page of the demo partner's origin, which makes the iframe onto \`/embed?client_id=…&origin=…&code_challenge=…\` (widget/mount.ts). Opened top-level, the page only says that no partner confirmed it. FCP and LCP count from the iframe's own navigation start, which came a median ${ms(embed?.frameStartMs ?? null)} after the partner page's (the loader and its PKCE challenge). The bytes are everything from the SSO, the loader included. The iframe runs in the page's renderer process (\`--disable-site-isolation-trials\`), as it does on most Android phones, so that the CPU slowdown and the network profile, which CDP sets per process, apply to it.`,
    '- FCP and LCP: PerformanceObservers (`paint`, `largest-contentful-paint`, buffered) installed before the page\'s scripts. TBT: long tasks (`longtask` observer) from the navigation until 1.5 s without a request after `load`, plus 1 s, each counted for its time over 50 ms. Bytes: the sum of CDP `Network.loadingFinished` `encodedDataLength` (compressed bodies and headers).',
    '',
  ].join('\n');
}

/** Replaces this script's section (up to the next "## " heading) or appends it. */
async function writeDoc(text) {
  let doc;
  try {
    doc = await readFile(docPath, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    doc = '# Benchmarks\n';
  }
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === SECTION_TITLE);
  let result;
  if (start === -1) result = `${doc.replace(/\n*$/, '')}\n\n${text}`;
  else {
    let end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
    if (end === -1) end = lines.length;
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '');
    const after = lines.slice(end).join('\n').replace(/^\n*/, '');
    result = `${before ? `${before}\n\n` : ''}${text}${after ? `\n${after}` : ''}`;
  }
  await mkdir(dirname(docPath), { recursive: true });
  await writeFile(docPath, result.replace(/\n*$/, '\n'));
}

// ---------------------------------------------------------------------------------------------

function parseRuns(argv) {
  const index = argv.indexOf('--runs');
  if (index === -1) return 5;
  const runs = Number(argv[index + 1]);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('bench:web: --runs needs a positive whole number');
    process.exit(2);
  }
  return runs;
}

async function main() {
  const runs = parseRuns(process.argv.slice(2));
  const verbose = process.argv.includes('--verbose');
  if (!existsSync(serverEntry)) {
    console.error(`bench:web: ${serverEntry} is missing; run npm run build first (npm run bench:web does)`);
    return 1;
  }
  const tempDir = await mkdtemp(join(os.tmpdir(), 'kirish-bench-web-'));
  let server;
  let browser;
  try {
    server = await startServer(join(tempDir, 'kirish.db'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-site-isolation-trials',
      ],
    });
    console.log(`bench:web: Chromium ${browser.version()}, server ${server.origin}, demo ${server.demoOrigin}, ${runs} runs per route`);

    const routes = [];
    for (const [name, measure] of [
      ['/login', measureLogin],
      ['/embed (in the widget iframe)', measureEmbed],
    ]) {
      const measured = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await measure(browser, server);
        console.log(`  ${name} run ${run}: FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)} (${result.longTasks} long tasks), load ${ms(result.loadEnd)}, ${kB(result.bytes)} in ${result.requests} requests`);
        if (verbose) for (const entry of result.entries) console.log(`      ${kB(entry.bytes).padStart(9)} ${entry.encoding.padEnd(8)} ${entry.url}`);
        measured.push(result);
      }
      routes.push(summarize(name, measured));
    }

    const acceptEncoding = routes[0]?.runs[0]?.acceptEncoding ?? null;
    const contentEncodings = [...new Set(routes.flatMap((route) => route.runs.flatMap((run) => run.contentEncodings)))].toSorted();
    console.log(`\nMedians of ${runs} runs (Accept-Encoding sent: ${acceptEncoding}; Content-Encoding received: ${contentEncodings.join(', ')}):\n`);
    console.log([...TABLE_HEAD, ...tableRows(routes)].join('\n'));
    console.log('\n/login: top-level. /embed: inside the iframe the widget loader makes on a page of the demo partner\'s origin (top-level the page only refuses: no partner confirmed it); its FCP and LCP count from the iframe\'s navigation start.');

    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    await writeDoc(section({ date, routes, chromiumVersion: browser.version(), acceptEncoding, contentEncodings, runs }));
    console.log(`\nbench:web: wrote ${docPath}`);
    return 0;
  } catch (error) {
    console.error(`bench:web: ${error instanceof Error ? error.stack : String(error)}`);
    return 1;
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

process.exit(await main());
