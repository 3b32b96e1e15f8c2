/**
 * Issue 42, My reviews and My achievements in Chromium against the built server, on the demo account's
 * seeded reviews (docs/reviews.md, Demo data: one in each status, a photo, a video, a reply): the cards,
 * the status filter in the address, a review edited by keyboard (rating down a half) going back to
 * moderation, a review deleted after its confirmation, and the achievements' earned badges and progress
 * bars. Screenshots at 1280 and 375 px; axe clean.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { bothWidths } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { expectHome, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { usePagePool } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
afterEach(closeAll);

async function demoPage(path: string): Promise<Page> {
  const { page } = await freshPage();
  await page.goto(`${kirish.server.origin}/login`);
  await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
  await expectHome(page, DEMO_ACCOUNT.firstName);
  await page.goto(`${kirish.server.origin}${path}`);
  return page;
}

const card = (page: Page, words: string) => page.getByRole('article').filter({ hasText: words });

describe('My reviews', () => {
  it('shows the cards, filters by status, edits one back to moderation and deletes one after asking', async () => {
    const page = await demoPage('/projects/review/my-reviews');
    await waitForHeading(page, text('title_reviews_my_reviews'));
    const mall = card(page, 'Keng, toza');
    await mall.waitFor();
    expect(await page.getByRole('article').count()).toBe(6);
    expect(await mall.getByText(text('reviews_rating_text', { rating: '5' }), { exact: true }).count()).toBe(1);
    expect(await mall.getByText(text('reviews_status_published'), { exact: true }).count()).toBe(1);
    const somsa = card(page, 'Somsa issiq');
    expect(await somsa.getByRole('img', { name: text('reviews_attachment_name', { n: '1' }) }).count()).toBe(1);
    expect(
      await card(page, 'navbat uzun')
        .getByRole('link', { name: text('reviews_video_name', { n: '1' }) })
        .count(),
    ).toBe(1);
    const tabs = page.getByRole('navigation', { name: text('reviews_tabs') });
    expect(await tabs.getByRole('link', { name: text('title_reviews_my_reviews') }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await axeViolations(page)).toEqual([]);
    await bothWidths(page, 'reviews-my-reviews');

    // The filter is links: the status goes into the address, and only that status shows.
    await page
      .getByRole('navigation', { name: text('reviews_filter_label') })
      .getByRole('link', { name: text('reviews_status_rejected') })
      .click();
    await page.getByText(text('reviews_rejected_reason', { reason: 'The review must describe the visit.' })).waitFor();
    expect(new URL(page.url()).search).toBe('?status=rejected');
    await mall.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);

    // Deleted only after the confirmation; Cancel keeps it.
    const rejected = card(page, 'Hammasi yomon');
    await rejected.getByRole('button', { name: text('reviews_delete'), exact: true }).click();
    await rejected.getByRole('button', { name: text('cancel'), exact: true }).click();
    await rejected.getByRole('button', { name: text('reviews_delete'), exact: true }).click();
    await rejected.getByRole('button', { name: text('reviews_delete_confirm'), exact: true }).click();
    await rejected.waitFor({ state: 'detached' });
    await page.getByText(text('reviews_deleted')).waitFor();
    await page.reload();
    await page.getByText(text('reviews_empty_filtered'), { exact: true }).waitFor();

    // Edited by keyboard: the rating down a half, said before saving that it goes back to moderation.
    await page.goto(`${kirish.server.origin}/projects/review/my-reviews`);
    await mall.waitFor();
    await mall.getByRole('button', { name: text('reviews_edit'), exact: true }).click();
    expect(await mall.getByText(text('reviews_moderation_note')).count()).toBe(1);
    const slider = mall.getByRole('slider', { name: text('reviews_rating_label') });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toBe(text('reviews_rating_text', { rating: '4.5' }));
    await mall.getByRole('button', { name: text('save'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await mall.getByText(text('reviews_status_in_moderation'), { exact: true }).waitFor();
    await mall.getByText(text('reviews_rating_text', { rating: '4.5' }), { exact: true }).waitFor();
    await page.reload();
    await mall.getByText(text('reviews_status_in_moderation'), { exact: true }).waitFor();
  });

  it('says a text too short beside the field and keeps what was typed', async () => {
    const page = await demoPage('/projects/review/my-reviews?status=published');
    // The first test moved the mall's review to moderation: this one edits the café's (found by its
    // company: the text being edited is no longer the card's text).
    const mall = page.getByRole('article', { name: 'Bodomzor kafe' });
    await mall.waitFor();
    await mall.getByRole('button', { name: text('reviews_edit'), exact: true }).click();
    const field = mall.getByLabel(text('reviews_text_label'));
    await field.fill('Short');
    await mall.getByRole('button', { name: text('save'), exact: true }).click();
    await mall.getByText(text('review_text_too_short')).waitFor();
    expect(await field.inputValue()).toBe('Short');
  });
});

describe('My achievements', () => {
  it('shows the earned badges with their date and the others with a progress bar', async () => {
    const page = await demoPage('/projects/review/my-achievements');
    await waitForHeading(page, text('title_reviews_my_achievements'));
    const ten = page.getByRole('progressbar', { name: text('reviews_achievement_ten_reviews_title') });
    await ten.waitFor();
    expect(await ten.getAttribute('aria-valuemax')).toBe('10');
    expect(await ten.getAttribute('aria-valuetext')).toBe(
      text('reviews_progress', { progress: (await ten.getAttribute('aria-valuenow')) ?? '', goal: '10' }),
    );
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: text('reviews_achievement_first_review_title') }) });
    expect(await first.getByText(text('reviews_earned'), { exact: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await bothWidths(page, 'reviews-my-achievements');
  });
});
