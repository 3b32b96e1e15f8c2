/** The browser: headless Chromium, and a fresh page in the mobile profile with the observers of paints and long tasks. */
import { chromium } from 'playwright-core';
import { watchNetwork } from './network.mjs';
import { CPU_SLOWDOWN, NETWORK, PROFILE } from './profile.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Runs in every frame before its own scripts: records paints and long tasks as they happen.
const OBSERVERS = `(() => {
  const bench = (window.kirishBench = { fcp: null, lcp: null, longTasks: [], shifts: [] });
  const observe = (type, take) => { try { new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true }); } catch {} };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { bench.lcp = entry.startTime; });
  observe('longtask', (entry) => bench.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  // Shifts right after the person's own input are expected ones and do not count (Layout Instability API).
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) bench.shifts.push({ start: entry.startTime, value: entry.value }); });
})();`;

/**
 * Headless Chromium with the switches of test/support/browser.ts (a TS file this plain script cannot
 * import), plus --disable-site-isolation-trials: the embed iframe stays in the page's throttled process.
 */
export function launchBrowser() {
  return chromium.launch({
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
}

export async function newMobilePage(browser, countsUrl) {
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
