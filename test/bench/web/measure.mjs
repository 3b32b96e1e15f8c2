/** One measured load of each route: the login page top-level, the embed page inside the widget's iframe. */
import { newMobilePage } from './browser.mjs';
import { sessionWindowCls } from './cls.mjs';
import { NAVIGATION_TIMEOUT_MS, SETTLE_MS } from './profile.mjs';

async function readMetrics(frame) {
  const bench = await frame.evaluate(() => ({
    ...window.kirishBench,
    loadEnd: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? null,
  }));
  if (!bench) throw new Error(`no measurements in ${frame.url()}`);
  const tbt = bench.longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return { fcp: bench.fcp, lcp: bench.lcp, tbt, longTasks: bench.longTasks.length, loadEnd: bench.loadEnd };
}

/**
 * The demo partner's page (top-level, on its own origin) with its two widgets: its layout shift
 * while the widgets' frames load and take their heights — what a partner's visitors see move.
 */
export async function measureDemo(browser, server) {
  const { context, page, network } = await newMobilePage(browser, (url) => url.startsWith(server.origin));
  try {
    await page.goto(server.demoOrigin, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    await network.idle();
    // A browser draws a cross-origin frame only while it is in sight, and the frame reports its
    // height then: the visitor scrolls to each widget, as a person reading the page does.
    for (const box of ['#script-tag-widget', '#react-widget']) {
      await page.locator(box).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.frameLocator(`${box} iframe`).locator('h1').waitFor({ timeout: NAVIGATION_TIMEOUT_MS });
      await page.waitForTimeout(SETTLE_MS);
    }
    const shifts = await page.evaluate(() => window.kirishBench.shifts);
    return { cls: sessionWindowCls(shifts), shifts: shifts.length };
  } finally {
    await context.close();
  }
}

/** The login page, opened as a person opens it: a top-level navigation. */
export async function measureLogin(browser, server) {
  const { context, page, network } = await newMobilePage(browser, (url) => url.startsWith(server.origin));
  try {
    await page.goto(`${server.origin}/login`, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    await network.idle();
    await page.waitForTimeout(SETTLE_MS);
    return {
      ...(await readMetrics(page.mainFrame())),
      bytes: network.bytes,
      requests: network.requests,
      entries: network.entries,
      acceptEncoding: network.acceptEncoding,
      contentEncodings: [...network.contentEncodings],
    };
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
export async function measureEmbed(browser, server) {
  const { context, page, network } = await newMobilePage(browser, (url) => url.startsWith(server.origin));
  try {
    await page.goto(`${server.demoOrigin}/kirish-bench-host`, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    network.bytes = 0;
    network.requests = 0;
    network.entries = [];
    const frameLoaded = page.waitForEvent('framenavigated', {
      predicate: (frame) => frame.url().startsWith(`${server.origin}/embed?`),
      timeout: NAVIGATION_TIMEOUT_MS,
    });
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
    return {
      ...(await readMetrics(frame)),
      bytes: network.bytes,
      requests: network.requests,
      entries: network.entries,
      acceptEncoding: network.acceptEncoding,
      contentEncodings: [...network.contentEncodings],
      frameStartMs: started - hostStarted,
    };
  } finally {
    await context.close();
  }
}
