/**
 * The widget boxes on the demo partner site grow to their content (issue 9, The demo): the frame
 * reports its height (widget/protocol.ts `resize`) and the loader sizes the iframe to it, so the
 * last link of the sign-in form is never cut off by the frame, in either box, on a desktop or a
 * phone. The partner page is http://127.0.0.1 and Kirish http://localhost: two sites.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPageFor } from '../support/browser.js';
import { text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');
const VIEWPORT_HEIGHT_PX = 800;

interface Placement {
  link: { top: number; bottom: number };
  frame: { top: number; bottom: number };
}

/** Where the link and its iframe are on the partner's page, in viewport pixels. */
async function placementOf(iframe: Locator, link: Locator): Promise<Placement | null> {
  const [linkBox, frameBox] = [await link.boundingBox(), await iframe.boundingBox()];
  if (!linkBox || !frameBox) return null;
  return {
    link: { top: linkBox.y, bottom: linkBox.y + linkBox.height },
    frame: { top: frameBox.y, bottom: frameBox.y + frameBox.height },
  };
}

/** Boxes are laid out in fractions of a pixel: a link whose edge is a fraction past the viewport's is on screen. */
const SUBPIXEL_PX = 1;

const isShown = (placement: Placement | null) =>
  placement !== null &&
  placement.link.top >= placement.frame.top &&
  placement.link.bottom <= placement.frame.bottom &&
  placement.link.top >= 0 &&
  placement.link.bottom <= VIEWPORT_HEIGHT_PX + SUBPIXEL_PX;

/**
 * Scrolls the link into view until it is inside both the iframe and the viewport. A browser lays out
 * a cross-origin frame only while it is in sight, so a frame below the fold reports its height
 * once it is scrolled to, and the page moves once more: hence the retries.
 */
async function scrollUntilShown(page: Page, iframe: Locator, link: Locator): Promise<Placement | null> {
  let placement: Placement | null = null;
  // First the box, as a visitor scrolls to it: a frame that was never in sight has no layout to
  // scroll inside (the demo page opens on its explanation, with the boxes below the fold on a phone).
  await iframe.scrollIntoViewIfNeeded();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await link.scrollIntoViewIfNeeded();
    placement = await placementOf(iframe, link);
    if (isShown(placement)) return placement;
    await page.waitForTimeout(250);
  }
  return placement;
}

describe('the widget boxes on the demo partner site', () => {
  it.each([1280, 375])('show the whole sign-in form in both boxes at %i px, down to its last link', async (width) => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    for (const box of ['#script-tag-widget', '#react-widget']) {
      const iframe = page.locator(`${box} iframe`);
      const frame = page.frameLocator(`${box} iframe`);
      await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
      // The form's last link ("Create account", a button in the frame since the flows switch in
      // place), and the last thing the frame shows, below the form.
      for (const link of [
        frame.getByRole('button', { name: text('sign_up'), exact: true }),
        frame.locator('.embed').locator('a, button').last(),
      ]) {
        await link.waitFor();
        const placement = await scrollUntilShown(page, iframe, link);
        expect(isShown(placement), `${box} at ${width} px: ${JSON.stringify(placement)}`).toBe(true);
      }
    }
    await context.close();
    expect(errors).toEqual([]);
  });
});
