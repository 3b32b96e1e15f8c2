/**
 * Issue 40, payments in the browser: the demo account adds the sandbox's demo UzCard with the code
 * 666666, buys on the demo partner (Bozor), adds a poor card on the bill itself and is refused beside
 * the card choice, pays with the UzCard, sees the paid status back on Bozor and the receipt on /pay (and
 * on paper), then removes the card. Screenshots at 1280 and 375 px; axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { DEMO_SHOP_ITEM } from '../../server/src/site/demo-shop.js';
import { bothWidths } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { codeBox, expectHome, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { freePort } from '../support/server-process.js';

// A sandbox of this file's own: its cards and charges are in its memory (README, The payment sandbox).
const kirish = useRunningKirish('127.0.0.1', { SANDBOX_PORT: String(await freePort()) });

const DEMO_UZCARD = '8600495473316478';
const CARD = 'UzCard ·· 6478';
/** README's test card with 1 so'm on it: a payment with it is refused. */
const POOR_UZCARD = '8600777788889996';
const POOR_CARD = 'UzCard ·· 9996';
/** 12 500 so'm as the page writes it: ru-RU digits grouped by a no-break space. */
const PRICE = text('payments_amount', { amount: `12\u00a0500` });

async function noAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('payments on /pay and the demo partner’s Buy', () => {
  it('adds a card with its code, pays Bozor’s bill, shows the receipt and removes the card', async () => {
    expect(DEMO_SHOP_ITEM.amount).toBe(1_250_000);
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // Nothing yet: both lists say so, and how to fill them.
    await page.goto(`${kirish.server.origin}/pay`);
    await waitForHeading(page, text('payments_title'));
    await page.getByText(text('payments_cards_empty'), { exact: true }).waitFor();
    await page.getByText(text('payments_receipts_empty'), { exact: true }).waitFor();
    await bothWidths(page, 'pay-empty');
    await noAxeViolations(page);

    // A card: the number is masked 4-4-4-4 as it is typed, a wrong expiry is said beside its field.
    await page.getByRole('button', { name: text('payments_card_add'), exact: true }).click();
    const number = page.getByLabel(text('payments_card_number'), { exact: true });
    await number.pressSequentially(DEMO_UZCARD);
    expect(await number.inputValue()).toBe('8600 4954 7331 6478');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    const expiry = page.getByLabel(text('payments_card_expiry'), { exact: true });
    expect(await expiry.getAttribute('autocomplete')).toBe('cc-exp');
    await expiry.pressSequentially('0120');
    await page.getByRole('button', { name: text('payments_card_send_code'), exact: true }).click();
    await page.getByText(text('wrong_expire'), { exact: true }).waitFor();
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    await expiry.fill('');
    await expiry.pressSequentially('0399');
    expect(await expiry.inputValue()).toBe('03/99');
    await saveScreenshot(page, 'pay-add-card-1280');
    await noAxeViolations(page);
    // Sent by the keyboard: Enter in the last field submits the form.
    await expiry.press('Enter');
    await waitForHeading(page, text('payments_card_code_title'));
    await saveScreenshot(page, 'pay-card-code-1280');
    await codeBox(page).fill('666666');
    await page.getByText(CARD, { exact: true }).waitFor();
    await page.getByText(text('payments_card_default'), { exact: true }).waitFor();

    // Buy on Bozor: its server creates the bill, the buyer pays it on Kirish.
    await page.goto(kirish.server.demoOrigin);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL((url) => url.origin === kirish.server.origin && url.pathname === '/pay');
    expect(new URL(page.url()).searchParams.get('receipt')).toMatch(/\S/);
    await waitForHeading(page, text('payments_bill_title'));
    await page.getByText(DEMO_SHOP_ITEM.description, { exact: true }).waitFor();
    const chosen = page.getByRole('radio', { name: new RegExp(`^${CARD}`) });
    expect(await chosen.isChecked()).toBe(true);
    await bothWidths(page, 'pay-bill');
    await noAxeViolations(page);

    // A new card added on the bill itself (the sandbox's card with 1 so'm): chosen, and refused beside the choice.
    await page.getByRole('button', { name: text('payments_card_add_new'), exact: true }).click();
    await page.getByLabel(text('payments_card_number'), { exact: true }).pressSequentially(POOR_UZCARD);
    await page.getByLabel(text('payments_card_expiry'), { exact: true }).pressSequentially('0399');
    await page.getByRole('button', { name: text('payments_card_send_code'), exact: true }).click();
    await codeBox(page).fill('666666');
    const poor = page.getByRole('radio', { name: new RegExp(`^${POOR_CARD}`) });
    await poor.waitFor();
    expect(await poor.isChecked()).toBe(true);
    const pay = page.getByRole('button', { name: text('payments_pay_amount', { amount: PRICE }), exact: true });
    await pay.click();
    const refusal = page.getByText(text('card_insufficient_funds'), { exact: true });
    await refusal.waitFor();
    expect(await page.getByRole('group', { name: text('payments_pay_with') }).getAttribute('aria-describedby')).toBe(
      await refusal.getAttribute('id'),
    );
    await saveScreenshot(page, 'pay-bill-refused-1280');
    await noAxeViolations(page);

    // The demo UzCard, by the keyboard: a new request (a new Idempotency-Key) that pays.
    await chosen.check();
    await pay.focus();
    await page.keyboard.press('Enter');
    await waitForHeading(page, text('payments_bill_paid'));
    await saveScreenshot(page, 'pay-bill-paid-1280');
    await noAxeViolations(page);

    // Back on Bozor: its server read the paid status from Kirish.
    await page
      .getByRole('link', { name: text('payments_back_to', { merchant: DEMO_CLIENT_NAME }), exact: true })
      .click();
    await page.waitForURL((url) => url.origin === kirish.server.demoOrigin && url.searchParams.has('order'));
    await page.getByRole('status').filter({ hasText: 'Paid — thank you!' }).waitFor();
    await saveScreenshot(page, 'pay-demo-paid-1280');
    await noAxeViolations(page);

    // The receipt on /pay: a row of the table, which opens a printable page.
    await page.goto(`${kirish.server.origin}/pay`);
    const table = page.getByRole('table');
    await table.getByRole('link', { name: DEMO_CLIENT_NAME }).waitFor();
    const row = table.getByRole('row').nth(1);
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe(DEMO_SHOP_ITEM.description);
    expect(cells[1]).toBe(PRICE);
    expect(cells[2]).toBe(text('payments_status_paid'));
    expect(cells[3]).toBe(CARD);
    expect(cells[4]).toBe(text('just_now'));
    await bothWidths(page, 'pay-receipts');
    await noAxeViolations(page);
    await table.getByRole('link', { name: DEMO_CLIENT_NAME }).click();
    await waitForHeading(page, text('payments_receipt_title'));
    await page.getByText(PRICE, { exact: true }).waitFor();
    await bothWidths(page, 'pay-receipt');
    await noAxeViolations(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.topbar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: text('payments_receipt_print') }).isVisible()).toBe(false);
    expect(await page.getByText(PRICE, { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'pay-receipt-print');
    await page.emulateMedia({ media: 'screen' });

    // Remove the card: asked first, Cancel focused; Confirm removes it and the list is fetched again.
    await page.goto(`${kirish.server.origin}/pay`);
    const cards = page.getByRole('region', { name: text('payments_cards_title') });
    await cards.getByText(CARD, { exact: true }).waitFor();
    await bothWidths(page, 'pay-cards');
    // The button names its card for a screen reader ("Remove: UzCard ·· 6478").
    await cards.getByRole('button', { name: new RegExp(`^${text('payments_card_remove')}\\W+${CARD}$`) }).click();
    const question = page.getByRole('group', { name: text('payments_card_remove_confirm', { card: CARD }) });
    await question.waitFor();
    await saveScreenshot(page, 'pay-remove-card-1280');
    await question.getByRole('button', { name: text('payments_card_remove'), exact: true }).click();
    await question.waitFor({ state: 'detached' });
    // The question closes as the delete starts, while the old list still shows both cards; the list is
    // then fetched again (the loading indicator stands in for it a while). The toast comes only once
    // the delete and the fresh fetch have both ended: wait for it, then read the fresh list.
    await page.getByText(text('payments_card_removed'), { exact: true }).waitFor();
    await cards.getByText(POOR_CARD, { exact: true }).waitFor();
    expect(await cards.getByText(CARD, { exact: true }).count()).toBe(0);
    // The receipt stays: it names the card as it was.
    expect(await page.getByRole('table').getByText(CARD, { exact: true }).count()).toBe(1);

    await context.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
