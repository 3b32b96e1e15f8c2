/**
 * A real browser for the tests of the whole: Debian's Chromium (or $CHROMIUM_PATH) driven by
 * playwright-core. test/support/ensure-chromium.mjs checks it is there before `vitest run`;
 * no browser is ever downloaded.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Frame, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The switches of every Chromium the tests start. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling Google's services, which floods a closed network.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `extraArgs`: switches a test needs beyond these (say, to reach a server with a test certificate).
 * `blockPopups`: Playwright switches the popup blocker off by default; a test of what a blocked popup
 * shows keeps it on, as every person's browser has it.
 * `fakeCamera`: a video file (.mjpeg or .y4m) that the browser's camera shows instead of a real one, the
 * camera allowed without asking (a phone's scanner, issue 39). Chromium reads it when a page opens the camera.
 */
export function launchBrowser(
  extraArgs: readonly string[] = [],
  { blockPopups = false, fakeCamera }: { blockPopups?: boolean; fakeCamera?: string } = {},
): Promise<Browser> {
  const camera = fakeCamera
    ? [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${fakeCamera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...camera, ...extraArgs],
    ignoreDefaultArgs: blockPopups ? ['--disable-popup-blocking'] : undefined,
  });
}

const BROWSER_NOTES = [
  /^Failed to load resource/,
  /^Provider's accounts list is empty/,
  /^Not signed in with the identity provider/,
  /^requestStorageAccess: /,
];

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Every console error and uncaught page exception so far; a test asserts it stays empty. */
  errors: string[];
}

/** A page in a fresh context (no cookies, no storage): `width` × 800 px, Uzbek, Tashkent time. */
export async function newPageFor(
  browser: Browser,
  { width, locale = 'uz' }: { width: number; locale?: string },
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    deviceScaleFactor: 1,
    locale,
    timezoneId: 'Asia/Tashkent',
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  return { page, context, errors };
}

/** Writes a full-page PNG to test/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await nextPaint(page);
  return path;
}

const twoFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * Resolves once the page and each of its frames has drawn two frames. A full-page screenshot
 * resizes the view for its capture, and a click right after a resize can come before the page has
 * drawn its new layout: Chromium then hit-tests it against the old one and, over a widget's
 * cross-origin frame, gives every mouse event to the partner's page (target: the iframe element)
 * instead of the frame (docs/decisions.md, "Device id"). A person's click never comes that soon.
 */
export async function nextPaint(page: Page): Promise<void> {
  // A frame that navigates meanwhile has nothing left to draw for the old layout; a cross-origin
  // frame out of sight draws nothing at all (no animation frame), and no click can reach it there.
  const inSight = async (frame: Frame) => {
    const element = await frame.frameElement().catch(() => null);
    if (!element) return frame === page.mainFrame();
    return element.evaluate((node: Element) => {
      const box = node.getBoundingClientRect();
      return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth && box.height > 0;
    });
  };
  const frames = page.frames();
  const drawing = await Promise.all(
    frames.map((frame) => (frame === page.mainFrame() ? true : inSight(frame).catch(() => false))),
  );
  await Promise.all(
    frames.filter((_, index) => drawing[index]).map((frame) => frame.evaluate(twoFrames).catch(() => undefined)),
  );
}

/**
 * Presses `target` (a button inside a widget's cross-origin frame) from the keyboard, as a keyboard
 * user does: focus, then Enter. Used where a flow presses a frame's button after the test changed the
 * page's size or took a full-page screenshot, and wherever the frame may still grow (its
 * providers' row loads after the form, and the frame then resizes). Headless Chromium routes a mouse
 * event over a cross-origin frame by the hit-test data the page last drew, and after such a change that data has
 * stayed stale for 20 s and more under load: every mouse event went to the partner's page, never to
 * the frame (docs/decisions.md, "Device id", the probe's evidence). Keys go to the focused element
 * whatever was drawn, and carry the same user activation (a popup may open).
 */
export async function pressInFrame(target: Locator, { timeout = 20_000 }: { timeout?: number } = {}): Promise<void> {
  // A prerendered frame's submit button stays disabled until its script has taken over
  // (src/components/button.tsx), and Enter on a disabled button does nothing: wait as a person would.
  const handle = await target.elementHandle({ timeout });
  await handle.waitForElementState('enabled', { timeout });
  await handle.dispose();
  await target.press('Enter', { timeout });
}

/** Every console error and uncaught exception of `page` from now on, but the browser's own notes above. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every 4xx answer as "Failed to load resource"; a refused call is part of a flow,
    // and the tests assert what the page says about it instead. Likewise its notes on a FedCM request
    // that found nobody signed in, or a storage-access request refused: the browser's words for a
    // developer, written whenever a partner page loads the widget for someone not signed in.
    if (message.type() !== 'error' || BROWSER_NOTES.some((note) => note.test(message.text()))) return;
    const { url, lineNumber } = message.location();
    errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  return errors;
}

/**
 * Resolves once `page` is closed, also when it closed before the call: a popup that answers and
 * closes itself can be gone before the click that made it answer returns, and Playwright's
 * `waitForEvent('close')` then waits for an event that already happened.
 */
export function whenClosed(page: Page, timeoutMs = 20_000): Promise<void> {
  if (page.isClosed()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${page.url()} still open after ${timeoutMs} ms`)), timeoutMs);
    page.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
