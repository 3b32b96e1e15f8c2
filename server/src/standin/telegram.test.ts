/** Telegram's login widget redirect on the stand-in, over HTTP, checked with the documented algorithm. */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consent, fetchManual, KIRISH, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const BOT_TOKEN = '100200300:standin-telegram-bot-token';
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/telegram/auth?${new URLSearchParams({
    bot_id: '100200300',
    origin: KIRISH,
    return_to: `${KIRISH}/oauth/telegram?state=state-tg`,
    request_access: 'write',
    ...params,
  })}`;

/** core.telegram.org/widgets/login, "Checking authorization", written out here apart from the stand-in's. */
function documentedCheck(query: URLSearchParams, botToken: string): boolean {
  const received = [...query].filter(([name]) => name !== 'hash' && name !== 'state');
  const dataCheckString = received
    .map(([name, value]) => `${name}=${value}`)
    .toSorted()
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(dataCheckString).digest('hex') === query.get('hash');
}

describe('the stand-in for Telegram', () => {
  it("returns to return_to with the user's fields and a hash the documented check accepts, keeping its state", async () => {
    const response = await consent(standin.origin(), 'telegram', authorizeUrl(), { identity: 'aziza' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${KIRISH}/oauth/telegram`);
    const query = location.searchParams;
    expect(query.get('state')).toBe('state-tg');
    expect(Object.fromEntries(query)).toMatchObject({
      first_name: 'Aziza',
      last_name: 'Karimova',
      username: 'aziza_k',
      auth_date: String(Math.floor(standin.clock.now() / 1000)),
    });
    expect(query.get('id')).toMatch(/^\d{10}$/);
    expect(documentedCheck(query, BOT_TOKEN)).toBe(true);
    expect(documentedCheck(query, '100200300:another-token')).toBe(false);
    query.set('first_name', 'Forged');
    expect(documentedCheck(query, BOT_TOKEN)).toBe(false);
  });

  it('refuses an unknown bot, or a return_to outside the bot’s domain, on its page', async () => {
    const bad: Record<string, string>[] = [
      { bot_id: '999' },
      { return_to: 'https://evil.example/oauth/telegram' },
      { origin: 'https://evil.example' },
    ];
    for (const params of bad) {
      const page = await fetchManual(authorizeUrl(params));
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
    }
  });

  it('returns on Cancel to return_to with no Telegram fields', async () => {
    const response = await consent(standin.origin(), 'telegram', authorizeUrl(), { action: 'cancel' });
    expect(response.headers.get('location')).toBe(`${KIRISH}/oauth/telegram?state=state-tg`);
  });
});
