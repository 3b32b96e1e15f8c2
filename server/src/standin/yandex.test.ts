/** Yandex on the stand-in, over HTTP: implicit grant, then `info` naming the token's client. */
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, OTHER_APP, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/yandex/authorize?${new URLSearchParams({
    response_type: 'token',
    client_id: 'kirish-yandex',
    redirect_uri: redirectUri('yandex'),
    state: 'state-y',
    ...params,
  })}`;
const info = (token: string) =>
  fetch(`${standin.origin()}/yandex/info?format=json`, { headers: { authorization: `OAuth ${token}` } });

describe('the stand-in for Yandex', () => {
  it('gives a token in the fragment; info names Kirish as its client and gives only confirmed contacts', async () => {
    const answer = answerOf(
      await consent(standin.origin(), 'yandex', authorizeUrl(), { identity: 'aziza' }),
      'fragment',
    );
    expect(answer.get('state')).toBe('state-y');
    const profile = await jsonOf(await info(answer.get('access_token')!));
    expect(profile).toMatchObject({
      client_id: 'kirish-yandex',
      first_name: 'Aziza',
      last_name: 'Karimova',
      default_email: 'demo@kirish.uz',
      emails: ['demo@kirish.uz'],
      default_phone: { number: '+998901234567' },
    });
    expect(profile.id).toMatch(/^\d{10}$/);

    const unconfirmed = answerOf(
      await consent(standin.origin(), 'yandex', authorizeUrl(), { identity: 'timur' }),
      'fragment',
    );
    const timur = await jsonOf(await info(unconfirmed.get('access_token')!));
    expect(timur.default_email).toBeUndefined();
    expect(timur.default_phone).toBeUndefined();
  });

  it("names the other app as the client of that app's token", async () => {
    const url = authorizeUrl({ client_id: 'other-yandex', redirect_uri: `${OTHER_APP}/callback` });
    const answer = answerOf(await consent(standin.origin(), 'yandex', url), 'fragment');
    expect((await jsonOf(await info(answer.get('access_token')!))).client_id).toBe('other-yandex');
  });

  it('answers 401 for an unknown or expired token', async () => {
    expect((await info('forged')).status).toBe(401);
    const answer = answerOf(await consent(standin.origin(), 'yandex', authorizeUrl()), 'fragment');
    standin.clock.advanceSeconds(3600);
    expect((await info(answer.get('access_token')!)).status).toBe(401);
  });

  it('refuses a redirect URI not registered on a page, and sends Cancel back as access_denied', async () => {
    const page = await fetchManual(authorizeUrl({ redirect_uri: 'https://evil.example/oauth/yandex' }));
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    const denied = answerOf(
      await consent(standin.origin(), 'yandex', authorizeUrl(), { action: 'cancel' }),
      'fragment',
    );
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('state')).toBe('state-y');
  });
});
