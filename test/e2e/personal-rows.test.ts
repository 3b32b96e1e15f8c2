/**
 * Issue 35, Personal edits one thing at a time: the rows of /personal open pages that edit one part
 * of the profile; Save says every problem at once; the photo is cropped in the browser and sent only
 * on Save; the addresses are rows with an actions menu, a deletion asked in a dialog.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { V1, apiClient } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { bothWidths, useAccountPages } from '../support/account-pages.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { newAccount, signedInPage } = useAccountPages(kirish, 907790000);

/** The signed-in page's access token and its MyProfile over the API. */
async function profileOf(page: Page): Promise<Record<string, unknown>> {
  const access = await page.evaluate(() => localStorage.getItem('active_session') ?? '');
  const answer = await apiClient(kirish.server.origin).get(`${V1}/user/MyProfile`, access);
  return (answer.json as { profile: Record<string, unknown> }).profile;
}

/** A 300×400 PNG of one colour. */
const half = (r: number, b: number) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: { r, g: 0, b } } })
    .png()
    .toBuffer();

/** A 600×400 PNG, its left half red and its right half blue. */
function twoColours(): Promise<Buffer> {
  return Promise.all([half(220, 0), half(0, 220)]).then(([red, blue]) =>
    sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .composite([
        { input: red as Buffer, left: 0, top: 0 },
        { input: blue as Buffer, left: 300, top: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

/** The mean red and blue of an image the CDN serves. */
async function meanColour(source: string): Promise<{ red: number; blue: number }> {
  const response = await fetch(`${kirish.server.origin}/cdn/200x/${source}`);
  const { channels } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
  return { red: channels[0]?.mean ?? 0, blue: channels[2]?.mean ?? 0 };
}

describe('Personal, one thing at a time', () => {
  it('opens the name from its row; Cancel keeps it, Save shows the new name in the row', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Malika'));
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, 'Malika Sodiqova');
    await page.getByRole('heading', { name: text('personal_basic_info'), exact: true }).waitFor();
    await page.getByRole('heading', { name: text('personal_contact_info'), exact: true }).waitFor();
    await bothWidths(page, 'personal-rows');
    const nameRow = page.getByRole('link', { name: new RegExp(`^${text('personal_name_label')}`) });

    await nameRow.click();
    await waitForHeading(page, text('title_personal_edit_name'));
    await page.getByLabel(text('first_name_label'), { exact: true }).fill('Malikaxon');
    await page.getByRole('link', { name: text('cancel'), exact: true }).click();
    await waitForHeading(page, 'Malika Sodiqova');
    expect(await profileOf(page)).toMatchObject({ first_name: 'Malika' });

    await nameRow.click();
    await waitForHeading(page, text('title_personal_edit_name'));
    await bothWidths(page, 'personal-edit-name');
    await page.getByLabel(text('first_name_label'), { exact: true }).fill('Malikaxon');
    await page.getByLabel(text('middle_name_label'), { exact: true }).fill('Akmalovna');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, 'Malikaxon Sodiqova');
    expect(await nameRow.innerText()).toContain('Malikaxon Sodiqova Akmalovna');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('says an empty first name and a future birth date at once, the focus on the first', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Nodira'));
    await page.goto(`${kirish.server.origin}/personal/edit`);
    await waitForHeading(page, text('personal_edit_title'));
    const firstName = page.getByLabel(text('first_name_label'), { exact: true });
    await firstName.fill('');
    await page.getByLabel(text('birth_date_label'), { exact: true }).fill('01012030');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('field_required'), { exact: true }).waitFor();
    await page.getByText(text('invalid_birth_date'), { exact: true }).waitFor();
    await expect.poll(() => firstName.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await profileOf(page)).toMatchObject({ first_name: 'Nodira', birth_date: null });
    await context.close();
    expect(errors).toEqual([]);
  });

  it('crops a chosen photo and applies it only on Save; Cancel leaves the photo as it was', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Zilola'));
    const png = await twoColours();
    await page.goto(`${kirish.server.origin}/personal`);
    await page.getByRole('link', { name: new RegExp(`^${text('photo_label')}`) }).click();
    await waitForHeading(page, text('title_personal_edit_photo'));
    await page.getByLabel(text('photo_choose'), { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const frame = page.getByRole('group', { name: text('photo_crop_area'), exact: true });
    await frame.waitFor();
    await page.getByRole('img', { name: text('photo_preview'), exact: true }).waitFor();
    // The keyboard zooms, and the slider says by how much; zoomed in to 1.5×, the frame is narrower
    // than the red half, and dragged right as far as it goes it shows only the red.
    await frame.focus();
    await page.keyboard.press('+');
    const zoom = page.getByLabel(text('photo_zoom'), { exact: true });
    expect(await zoom.getAttribute('aria-valuetext')).toBe('110%');
    await zoom.fill('1.5');
    const box = await frame.boundingBox();
    if (!box) throw new Error('the crop frame has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await bothWidths(page, 'personal-edit-photo');
    expect(await axeViolations(page)).toEqual([]);
    expect(await profileOf(page)).toMatchObject({ photo: null });
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, 'Zilola Sodiqova');
    const saved = String((await profileOf(page)).photo);
    expect(saved).toMatch(/^avatars\//);
    const colour = await meanColour(saved);
    expect(colour.red).toBeGreaterThan(150);
    expect(colour.blue).toBeLessThan(20);
    await page.getByRole('main').locator('.home-header img.avatar-photo').waitFor();

    // Chosen, then Cancel: nothing is sent.
    await page.getByRole('link', { name: new RegExp(`^${text('photo_label')}`) }).click();
    await waitForHeading(page, text('title_personal_edit_photo'));
    await page.getByLabel(text('photo_change'), { exact: true }).setInputFiles({
      name: 'other.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await frame.waitFor();
    await page.getByRole('link', { name: text('cancel'), exact: true }).click();
    await waitForHeading(page, 'Zilola Sodiqova');
    expect((await profileOf(page)).photo).toBe(saved);
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('addresses as rows', () => {
  it('shows the name’s length as it is typed, never cutting it; the menu makes a default and deletes after asking', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Sevara'));
    const access = await page.evaluate(() => localStorage.getItem('active_session') ?? '');
    const api = apiClient(kirish.server.origin);
    for (const label of ['Uy', 'Ish']) {
      const added = await api.post(
        `${V1}/user/addresses/`,
        { label, region: 'tashkent-city', district: 'yunusabad', street: 'Amir Temur', house: '12' },
        access,
      );
      expect(added.status, JSON.stringify(added.json)).toBe(201);
    }
    await page.goto(`${kirish.server.origin}/personal/address`);
    await waitForHeading(page, text('address_title'));
    const rows = page.locator('.address-group .row-item');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
    expect(await row('Uy').innerText()).toContain(text('address_default'));
    expect(await row('Uy').innerText()).toContain('Amir Temur, 12');

    // Make "Ish" the default from its menu.
    await page.getByRole('button', { name: text('address_actions', { name: 'Ish' }), exact: true }).click();
    await bothWidths(page, 'personal-address-menu');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: text('address_make_default'), exact: true }).click();
    await expect.poll(() => row('Ish').innerText()).toContain(text('address_default'));
    expect(await row('Uy').innerText()).not.toContain(text('address_default'));

    // Delete "Uy": asked first; Cancel keeps it.
    const menuOfUy = page.getByRole('button', { name: text('address_actions', { name: 'Uy' }), exact: true });
    await menuOfUy.click();
    await page.getByRole('menuitem', { name: text('address_delete'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('address_delete_confirm') });
    await dialog.waitFor();
    await bothWidths(page, 'personal-address-delete');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: text('cancel'), exact: true }).click();
    expect(await rows.count()).toBe(2);
    await menuOfUy.click();
    await page.getByRole('menuitem', { name: text('address_delete'), exact: true }).click();
    await dialog.getByRole('button', { name: text('address_delete'), exact: true }).click();
    await page.getByText(text('address_deleted'), { exact: true }).waitFor();
    expect(await rows.count()).toBe(1);

    // The name's limit: a counter, and what is typed past it stays, refused on Save with the limit said.
    await page.getByRole('button', { name: text('address_add'), exact: true }).click();
    const label = page.getByLabel(text('address_label_label'), { exact: true });
    await label.fill('Uy'.repeat(6));
    await page.getByText('12 / 40', { exact: true }).waitFor();
    await label.fill('x'.repeat(45));
    await page.getByText('45 / 40', { exact: true }).waitFor();
    expect((await label.inputValue()).length).toBe(45);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('address_label_too_long'), { exact: true }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });
});
