/**
 * A wait for something inside the widget's frame that, when it does not come, says why it may not
 * have: what the frame shows, whether a button in it is busy, and what the server logged of the
 * calls a frame's sign-in makes. Written to stderr as well, so that a failed try a retry then passed
 * still leaves its evidence in the run's output.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { ServerProcess } from './server-process.js';

/** The routes of a sign-in and an authorization inside the frame, as the server's log names them. */
const FRAME_CALLS = /LoginUser|TokenRefresh|MyProfile|oauth\/authorize|oauth\/token/;

export async function waitInFrame(
  target: Locator,
  { frame, server, timeout }: { frame: FrameLocator; server: ServerProcess; timeout?: number },
): Promise<void> {
  try {
    await target.waitFor(timeout === undefined ? {} : { timeout });
  } catch (error) {
    const shown = await frame
      .locator('body')
      .innerText({ timeout: 5000 })
      .catch(() => '(unreadable)');
    const busy = await frame
      .locator('button[aria-busy="true"]')
      .count()
      .catch(() => 0);
    const calls = server
      .output()
      .split('\n')
      .filter((line) => FRAME_CALLS.test(line))
      .slice(-12);
    const said = `${(error as Error).message}\nThe frame shows instead (${busy} busy button(s)): ${shown}\nThe server's last ${calls.length} log line(s) of the frame's calls:\n${calls.join('\n')}`;
    console.error(said);
    throw new Error(said, { cause: error });
  }
}

/**
 * The tests that sign in inside the widget's frame are tried once more when a wait timed out, and
 * only then: any other failure fails at once. In full runs on the 2-core machine a frame's sign-in
 * sometimes led nowhere for 30 s; the one time it left evidence, the click had not reached the
 * button (docs/decisions.md, "Device id"), which clickInFrame below now guards against. The retry
 * stays until full runs show it unneeded; a failed try leaves its evidence.
 */
export const WIDGET_FRAME_RETRY = { retry: { count: 1, condition: /Timeout \d+ms exceeded/ } };

/** How long the frame's height must hold still before a click in it is aimed. */
const SETTLED_MS = 300;

/**
 * Waits until the widget's frame is as tall as its content and has stayed so for SETTLED_MS.
 * The frame reports its height to the loader after its first paint, and again whenever its content
 * or width changes (a second line once the app's name has come, a narrower window); Chromium even
 * holds the report back while a cross-origin frame is out of view. A click Playwright aims in
 * between scrolls inside the frame to reach a button below its current height, and when the frame
 * then grows, its content moves back and the click lands where the button was: it led nowhere, 30 s
 * at a time, in about one full run in twenty (seen on 2026-11-26: "Continue as" still offered, no
 * authorization asked). The wait is in view of the page, where the frame's reports are not held.
 */
export async function whenFrameSettled(frame: FrameLocator, timeout = 15_000): Promise<void> {
  const iframe = frame.owner();
  await iframe.scrollIntoViewIfNeeded({ timeout });
  const content = await (await iframe.elementHandle({ timeout }))?.contentFrame();
  if (!content) throw new Error('the widget frame has no document');
  const deadline = Date.now() + timeout;
  let last = { height: -1, fits: false };
  let since = Date.now();
  for (;;) {
    const now = await content.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      fits: document.documentElement.scrollHeight <= window.innerHeight,
    }));
    if (!now.fits || now.height !== last.height) since = Date.now();
    else if (Date.now() - since >= SETTLED_MS) return;
    last = now;
    if (Date.now() > deadline) throw new Error(`Timeout ${timeout}ms exceeded: the widget frame did not settle (content ${now.height} px, fits: ${now.fits})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A click on `target` inside the widget's `frame`, once the frame has settled (whenFrameSettled). */
export async function clickInFrame(frame: FrameLocator, target: Locator, options: { timeout?: number } = {}): Promise<void> {
  await whenFrameSettled(frame, options.timeout);
  await target.click(options);
}

/** A click in the widget's frame when `scope` is one; on a page of Kirish's own, a plain click. */
export async function clickIn(scope: FrameLocator | Page, target: Locator): Promise<void> {
  if ('owner' in scope) await clickInFrame(scope, target);
  else await target.click();
}
