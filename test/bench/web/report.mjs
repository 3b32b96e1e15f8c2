/** The figures (medians against the targets) and the "Web (mobile profile)" section of docs/benchmarks.md. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './browser.mjs';
import { CPU_SLOWDOWN, PROFILE } from './profile.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const docPath = join(repoRoot, 'docs', 'benchmarks.md');
const SECTION_TITLE = '## Web (mobile profile)';

const TARGETS = { lcpMs: 1500, tbtMs: 200, bytes: 130 * 1000 };

function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Web Vitals' "good" CLS is below 0.1: the demo page's limit, checked in every run. */
export const CLS_LIMIT = 0.1;

export function summarizeCls(runs) {
  const values = runs.map((run) => run.cls);
  return { median: median(values), max: Math.max(...values), runs: values.length };
}

export const clsLine = (cls) =>
  `Demo partner page (top-level, two widgets): CLS median ${cls.median.toFixed(3)}, worst ${cls.max.toFixed(3)} of ${cls.runs} runs (limit < ${CLS_LIMIT}: ${cls.max < CLS_LIMIT ? 'PASS' : 'FAIL'})`;

export const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
export const kB = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 1000).toFixed(1)} kB`);
const verdict = (value, limit) => (value !== null && value <= limit ? 'PASS' : 'FAIL');

export function summarize(name, runs) {
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

export function tableRows(routes) {
  return routes.map(
    (route) =>
      `| ${route.name} | ${ms(route.fcp)} | ${ms(route.lcp)} (${verdict(route.lcp, TARGETS.lcpMs)}) | ${ms(route.tbt)} (${verdict(route.tbt, TARGETS.tbtMs)}) | ${kB(route.bytes)} in ${route.requests} requests (${verdict(route.bytes, TARGETS.bytes)}) |`,
  );
}

export const TABLE_HEAD = [
  `| Route | FCP | LCP (target ≤ ${TARGETS.lcpMs} ms) | TBT (target ≤ ${TARGETS.tbtMs} ms) | Transferred (target ≤ ${TARGETS.bytes / 1000} kB) |`,
  '| --- | ---: | ---: | ---: | ---: |',
];

export function section({ date, routes, cls, chromiumVersion, acceptEncoding, contentEncodings, runs }) {
  const embed = routes.find((route) => route.name.startsWith('/embed'));
  const plainPaths = [
    ...new Set(
      routes
        .flatMap((route) => route.runs[0]?.entries ?? [])
        .filter((entry) => entry.encoding === 'identity')
        .map((entry) => new URL(entry.url).pathname),
    ),
  ];
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
    clsLine(cls),
    '',
    '- `/login`: a top-level navigation to `http://localhost:PORT/login` (Uzbek, the default locale).',
    `- \`/embed\`: measured inside its iframe, as the widget opens it — the loader's script tag (\`data-client-id="kirish-demo"\`) on a page of the demo partner's origin, which makes the iframe onto \`/embed?client_id=…&origin=…&code_challenge=…\` (widget/mount.ts). Opened top-level, the page only says that no partner confirmed it. FCP and LCP count from the iframe's own navigation start, which came a median ${ms(embed?.frameStartMs ?? null)} after the partner page's (the loader and its PKCE challenge). The bytes are everything from the SSO, the loader included. The iframe runs in the page's renderer process (\`--disable-site-isolation-trials\`), as it does on most Android phones, so that the CPU slowdown and the network profile, which CDP sets per process, apply to it.`,
    "- FCP and LCP: PerformanceObservers (`paint`, `largest-contentful-paint`, buffered) installed before the page's scripts. TBT: long tasks (`longtask` observer) from the navigation until 1.5 s without a request after `load`, plus 1 s, each counted for its time over 50 ms. Bytes: the sum of CDP `Network.loadingFinished` `encodedDataLength` (compressed bodies and headers).",
    "- CLS: the demo partner's page (`http://127.0.0.1:DEMO_PORT/`, the script-tag and the React widget) loaded top-level in the same profile; once the network has been quiet 1.5 s the visitor scrolls to each widget in turn (a browser draws a cross-origin frame only in sight, and the frame reports its height then) and waits 1 s; `layout-shift` entries without recent input, grouped in session windows (1 s gap, 5 s at most), the largest window's sum (web-vitals' rule). The bench exits 1 when a run reaches 0.1.",
    '',
  ].join('\n');
}

/** Replaces this script's section (up to the next "## " heading) or appends it. */
export async function writeDoc(text) {
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
