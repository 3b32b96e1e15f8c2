/**
 * Accounts made over the API (a code from the dev outbox, then RegisterUser) and a browser tab
 * signed in to one with the password: for browser tests about the signed-in pages, which need not
 * go through the sign-up screens.
 */
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { apiClient, V1 } from './api.js';
import { newPageFor, type TestPage } from './browser.js';
import { expectHome, signInWithPassword } from './flows.js';
import { latestCode } from './outbox.js';

export interface ApiAccount {
  phone: string;
  firstName: string;
  lastName: string;
  password: string;
  /** Given at sign-up (kind 1), so stored unverified. */
  email?: string;
}

export async function registerOverApi(origin: string, account: ApiAccount): Promise<string> {
  const api = apiClient(origin);
  const section = { type: 'login_sms_verification', phone: account.phone };
  expect((await api.post(`${V1}/auth/SendAuthSmsVerification/`, section)).status).toBe(200);
  const checked = await api.post(`${V1}/auth/CheckAuthSmsVerification/`, {
    ...section,
    code: await latestCode(origin, account.phone),
  });
  const registered = await api.post('/sso/api/v2/register/RegisterUser/', {
    request_id: checked.json.request_id,
    password: account.password,
    first_name: account.firstName,
    last_name: account.lastName,
    ...(account.email ? { kind: 1, email: account.email } : { kind: 2 }),
  });
  expect(registered.status).toBe(201);
  return registered.json.access as string;
}

/** A new tab (English, 1280 px) signed in to `account` with its password, on Home. */
export async function signedInTab(browser: Browser, origin: string, account: ApiAccount): Promise<TestPage> {
  const tab = await newPageFor(browser, { width: 1280, locale: 'en-US' });
  await tab.page.goto(`${origin}/login`);
  await signInWithPassword(tab.page, account.phone, account.password);
  await expectHome(tab.page, account.firstName);
  return tab;
}
