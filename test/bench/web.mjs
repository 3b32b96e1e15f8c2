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
 * The demo partner's page (top-level, with its two widgets) is loaded as many times for its layout
 * shift (CLS, session windows, from a `layout-shift` observer): the frames' heights must not move
 * the partner's page.
 *
 * Exit status: 0 when every run was measured (a missed target is reported, not an error) and no run
 * of the demo page shifted by 0.1 or more; 1 otherwise.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from './web/browser.mjs';
import { measureDemo, measureEmbed, measureLogin } from './web/measure.mjs';
import {
  clsLine,
  CLS_LIMIT,
  docPath,
  kB,
  ms,
  section,
  summarize,
  summarizeCls,
  TABLE_HEAD,
  tableRows,
  writeDoc,
} from './web/report.mjs';
import { serverEntry, startServer } from './web/server.mjs';

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
    browser = await launchBrowser();
    console.log(
      `bench:web: Chromium ${browser.version()}, server ${server.origin}, demo ${server.demoOrigin}, ${runs} runs per route`,
    );

    const routes = [];
    for (const [name, measure] of [
      ['/login', measureLogin],
      ['/embed (in the widget iframe)', measureEmbed],
    ]) {
      const measured = [];
      for (let run = 1; run <= runs; run += 1) {
        const result = await measure(browser, server);
        console.log(
          `  ${name} run ${run}: FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)} (${result.longTasks} long tasks), load ${ms(result.loadEnd)}, ${kB(result.bytes)} in ${result.requests} requests`,
        );
        if (verbose)
          for (const entry of result.entries)
            console.log(`      ${kB(entry.bytes).padStart(9)} ${entry.encoding.padEnd(8)} ${entry.url}`);
        measured.push(result);
      }
      routes.push(summarize(name, measured));
    }

    const demo = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await measureDemo(browser, server);
      console.log(`  demo partner page run ${run}: CLS ${result.cls.toFixed(3)} (${result.shifts} shifts)`);
      demo.push(result);
    }
    const cls = summarizeCls(demo);

    const acceptEncoding = routes[0]?.runs[0]?.acceptEncoding ?? null;
    const contentEncodings = [
      ...new Set(routes.flatMap((route) => route.runs.flatMap((run) => run.contentEncodings))),
    ].toSorted();
    console.log(
      `\nMedians of ${runs} runs (Accept-Encoding sent: ${acceptEncoding}; Content-Encoding received: ${contentEncodings.join(', ')}):\n`,
    );
    console.log([...TABLE_HEAD, ...tableRows(routes)].join('\n'));
    console.log(`\n${clsLine(cls)}`);
    console.log(
      "\n/login: top-level. /embed: inside the iframe the widget loader makes on a page of the demo partner's origin (top-level the page only refuses: no partner confirmed it); its FCP and LCP count from the iframe's navigation start.",
    );

    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    await writeDoc(
      section({ date, routes, chromiumVersion: browser.version(), acceptEncoding, contentEncodings, runs }),
    );
    console.log(`\nbench:web: wrote ${docPath}`);
    // The one figure here with a hard limit: the partner's page must not jump (Web Vitals: CLS < 0.1 is "good").
    if (cls.max >= CLS_LIMIT) {
      console.error(`bench:web: the demo page's CLS reached ${cls.max.toFixed(3)} in a run (limit ${CLS_LIMIT})`);
      return 1;
    }
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
