import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { ApiError } from '../../lib/api-error.js';
import { createManualClock } from '../../lib/clock.js';
import { createProviderClients } from './provider-clients.js';
import { telegramHash } from './telegram.js';

const FLOW = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'v'.repeat(43) };
/** 2026-11-22 09:00 UTC, the manual clock's start; auth_date below is 1000 s before it. */
const clock = createManualClock();
const config = loadConfig({});
const telegram = () => {
  const client = createProviderClients(config, { clock }).telegram;
  if (!client) throw new Error('telegram is offered outside production');
  return client;
};

/**
 * Signed by the stand-in's development bot token, computed apart from Kirish's code:
 *   printf 'auth_date=1795337000\nfirst_name=Dilnoza\nid=424242\nusername=dilnoza_y' > dcs.txt
 *   openssl dgst -sha256 -mac HMAC -macopt hexkey:$(printf %s '100200300:standin-telegram-bot-token' | openssl dgst -sha256 -hex | cut -d' ' -f2) dcs.txt
 */
const SIGNED = {
  id: '424242',
  first_name: 'Dilnoza',
  username: 'dilnoza_y',
  auth_date: '1795337000',
  hash: '2c9e81d24765b196f54594c52256ae0c07b139706003c17c1b139d1ab85886ff',
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return '(accepted)';
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.message}` : `(threw ${String(error)})`;
  }
}

describe('Telegram (core.telegram.org/widgets/login, Checking authorization)', () => {
  it('signs the data-check-string with the HMAC keyed by SHA-256 of the bot token', () => {
    const { hash, ...fields } = SIGNED;
    expect(telegramHash(fields, '100200300:standin-telegram-bot-token')).toBe(hash);
  });

  it('reads the person from fields whose hash holds, whatever the case of its hex', async () => {
    clock.set(Date.UTC(2026, 10, 22, 9, 0, 0));
    for (const hash of [SIGNED.hash, SIGNED.hash.toUpperCase()])
      expect(await telegram().identify({ kind: 'fields', fields: { ...SIGNED, hash } }, FLOW)).toEqual({
        provider: 'telegram',
        subject: '424242',
        email: null,
        emailVerified: false,
        phone: null,
        phoneVerified: false,
        firstName: 'Dilnoza',
        lastName: '',
        display: '@dilnoza_y',
        pictureUrl: null,
        pinfl: null,
        birthDate: null,
      });
  });

  it('refuses a forged hash, a changed field, an added field, or none', async () => {
    clock.set(Date.UTC(2026, 10, 22, 9, 0, 0));
    const forged = { ...SIGNED, hash: `${SIGNED.hash.slice(0, 63)}0` };
    for (const fields of [forged, { ...SIGNED, id: '1' }, { ...SIGNED, last_name: 'X' }, { ...SIGNED, hash: '' }])
      expect(await refusal(telegram().identify({ kind: 'fields', fields }, FLOW))).toBe('400 social_token_invalid');
  });

  it('refuses an answer a day old, and one dated ahead of the clock', async () => {
    // 1000 s after it was signed, less than a second short of a day: accepted; at a full day: refused.
    clock.set((1795337000 + 86_399) * 1000);
    expect((await telegram().identify({ kind: 'fields', fields: SIGNED }, FLOW)).subject).toBe('424242');
    clock.set((1795337000 + 86_400) * 1000);
    expect(await refusal(telegram().identify({ kind: 'fields', fields: SIGNED }, FLOW))).toBe(
      '400 social_token_invalid',
    );
    clock.set((1795337000 - 120) * 1000);
    expect(await refusal(telegram().identify({ kind: 'fields', fields: SIGNED }, FLOW))).toBe(
      '400 social_token_invalid',
    );
  });

  it("sends the person to the login page with the bot's id and Kirish's state in return_to", () => {
    const url = new URL(telegram().authorizationUrl(FLOW));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8082/telegram/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: '100200300',
      origin: 'http://localhost:8080',
      return_to: 'http://localhost:8080/oauth/telegram?state=state-1',
      request_access: 'write',
    });
  });
});
