/**
 * What the browser tests of issue 41 share: an authenticator app's code computed from the secret the
 * page shows (as a phone's app would), and the step-up proof a sensitive change asks for.
 */
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiClient, V1 } from './api.js';
import { text } from './flows.js';

/** RFC 4648 §6 base32 to bytes. */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238 TOTP with HMAC-SHA1, 30-second steps, 6 digits (RFC 4226 §5.3's dynamic truncation). */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The step-up panel's password, then its submit button (named for the change it allows). */
export async function proveWithPassword(page: Page, password: string, submit: string): Promise<void> {
  const panel = page.locator('section.panel').filter({ has: page.getByRole('heading', { name: text('proof_title') }) });
  await panel.getByLabel(text('old_password_label'), { exact: true }).fill(password);
  await panel.getByRole('button', { name: submit, exact: true }).click();
}

/**
 * Turns two-step on over the API for the account of `access`, the test acting as the authenticator
 * app: the app's secret, the ten recovery codes, and when the app's first code was used (the server
 * takes no code of that 30-second step again).
 */
export async function turnOnTwoStep(origin: string, access: string, password: string) {
  const api = apiClient(origin);
  const proof = await api.post(`${V1}/user/security/proof/`, { password }, access);
  expect(proof.status).toBe(200);
  const setup = await api.post(`${V1}/user/two-step/totp/`, { proof: proof.json.proof }, access);
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  const confirmedAt = Date.now();
  const confirmed = await api.post(`${V1}/user/two-step/totp/confirm/`, { code: totp(secret, confirmedAt) }, access);
  expect(confirmed.status).toBe(200);
  return { secret, confirmedAt, recovery: confirmed.json.recovery_codes as string[] };
}

/** Registers `phone` with `password` and turns two-step on (turnOnTwoStep). */
export async function twoStepOverApi(origin: string, phone: string, password: string) {
  const { access } = await apiClient(origin).registerByPhone(phone, password);
  return { phone, ...(await turnOnTwoStep(origin, access, password)) };
}
