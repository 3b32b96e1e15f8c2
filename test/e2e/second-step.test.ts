/**
 * Issue 41, the second step on the Login page: an account with two-step verification on (turned on
 * over the API, the test acting as the authenticator app) signs in with its password, meets the step,
 * a wrong code is said beside the field, the app's code signs in; a recovery code signs in too.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, V1 } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { saveScreenshot } from '../support/browser.js';
import { expectHome, national, passwordSignIn, text, waitForHeading } from '../support/flows.js';
import { phoneNumbers, usePagePool } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905640000);
const PASSWORD = 'Second-step-41!';
const STEP_MS = 30_000;

/** RFC 4648 §6 base32, as the server hands out the app's secret. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

/** RFC 6238 §4 (RFC 4226 §5.3 truncation): HMAC-SHA1, 30-second steps, 6 digits. */
function totp(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / STEP_MS)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** An account with two-step on: its phone, the app's secret, its recovery codes, and when the app's first code was used. */
async function twoStepAccount() {
  const origin = kirish.server.origin;
  const api = apiClient(origin);
  const phone = newPhone();
  const { access } = await api.registerByPhone(phone, PASSWORD);
  const proof = await api.post(`${V1}/user/security/proof/`, { password: PASSWORD }, access);
  expect(proof.status).toBe(200);
  const setup = await api.post(`${V1}/user/two-step/totp/`, { proof: proof.json.proof }, access);
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  const confirmedAt = Date.now();
  const confirmed = await api.post(`${V1}/user/two-step/totp/confirm/`, { code: totp(secret, confirmedAt) }, access);
  expect(confirmed.status).toBe(200);
  return { phone, secret, confirmedAt, recovery: confirmed.json.recovery_codes as string[] };
}

describe('the second step (issue 41)', () => {
  it('a password meets the step; a wrong code is said beside the field; the app code signs in', async () => {
    const account = await twoStepAccount();
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await passwordSignIn(page, national(account.phone), PASSWORD);
    await waitForHeading(page, text('second_step_title'));
    await page.getByText(text('second_step_totp_hint')).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-step-totp-1280');

    // The code used to turn the app on is spent (RFC 6238 §5.2: never twice); the next step's is in the window.
    const next = totp(account.secret, account.confirmedAt + STEP_MS);
    const near = [-1, 0, 1, 2].map((steps) => totp(account.secret, account.confirmedAt + steps * STEP_MS));
    const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? '333333';
    const first = page.getByLabel(text('code_digit', { n: '1', total: '6' }), { exact: true });
    await first.click();
    await page.keyboard.type(wrong);
    await page.getByText(text('code_not_valid')).waitFor();
    expect(page.url()).toContain('/login');
    await saveScreenshot(page, 'second-step-wrong-code-1280');

    await first.click();
    await page.keyboard.type(next);
    await expectHome(page, 'Sardor');
    await closeAll();
  });

  it('a recovery code signs in instead, by keyboard, at 375 px; Back leads to the form', async () => {
    const account = await twoStepAccount();
    const { page } = await freshPage(375);
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await passwordSignIn(page, national(account.phone), PASSWORD);
    await waitForHeading(page, text('second_step_title'));
    await saveScreenshot(page, 'second-step-totp-375');

    await page.getByRole('button', { name: text('back'), exact: true }).click();
    await waitForHeading(page, text('login_password_title'));
    await page.getByLabel(text('password_label'), { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await waitForHeading(page, text('second_step_title'));

    const useRecovery = page.getByRole('button', { name: text('second_step_use_recovery'), exact: true });
    await useRecovery.focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel(text('second_step_recovery_label'), { exact: true });
    await field.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-step-recovery-375');
    await field.fill((account.recovery[0] ?? '').toUpperCase());
    await page.keyboard.press('Enter');
    await expectHome(page, 'Sardor');
    await closeAll();
  });
});
