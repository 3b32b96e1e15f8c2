/** Kirish's Telegram client against the stand-in's login widget, over HTTP (docs/social-sign-in.md, Telegram). */
import { describe, expect, it } from 'vitest';
import { flowSecrets, refusal, useProviderClients } from '../../test-support/provider-clients.js';
import { consent, useStandin } from '../../test-support/standin.js';

const standin = useStandin();
const kirish = useProviderClients(standin);
const telegram = () => kirish.client('telegram');

/** The fields Telegram added to return_to's query, Kirish's own state apart (as the SPA hands them on). */
async function signedFields(fields: Record<string, string> = {}) {
  const response = await consent(standin.origin(), 'telegram', telegram().authorizationUrl(flowSecrets()), fields);
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://127.0.0.1:8080/oauth/telegram');
  expect(back.searchParams.get('state')).toBe('state-one');
  const { state: _state, ...telegramFields } = Object.fromEntries(back.searchParams);
  return telegramFields;
}

describe("Kirish's Telegram client with the stand-in's login widget", () => {
  it('reads the person whose fields the bot signed', async () => {
    const person = await telegram().identify({ kind: 'fields', fields: await signedFields() }, flowSecrets());
    expect(person).toMatchObject({
      provider: 'telegram',
      firstName: 'Dilnoza',
      lastName: 'Yusupova',
      display: '@dilnoza_yu',
      email: null,
      phone: null,
    });
    expect(person.subject).toMatch(/^\d+$/);
  });

  it('refuses the signed fields with one changed, and the same fields a day later', async () => {
    const fields = await signedFields();
    expect(await refusal(telegram().identify({ kind: 'fields', fields: { ...fields, id: '1' } }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
    standin.clock.advanceSeconds(24 * 3600);
    expect(await refusal(telegram().identify({ kind: 'fields', fields }, flowSecrets()))).toBe(
      '400 social_token_invalid',
    );
  });
});
