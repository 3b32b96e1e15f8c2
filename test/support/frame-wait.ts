/**
 * A wait for something inside the widget's frame that, when it does not come, says why it may not
 * have: what the frame shows, whether a button in it is busy, and what the server logged of the
 * calls a frame's sign-in makes. Written to stderr as well, so that a failed try a retry then passed
 * still leaves its evidence in the run's output.
 */
import type { FrameLocator, Locator } from 'playwright-core';
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
 * sometimes led nowhere for 30 s, for a cause not yet found (docs/decisions.md, "Device id"); the
 * failed try leaves its evidence.
 */
export const WIDGET_FRAME_RETRY = { retry: { count: 1, condition: /Timeout \d+ms exceeded/ } };
