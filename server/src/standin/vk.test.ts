/** VK on the stand-in, over HTTP: code, access_token (user_id, confirmed e-mail), users.get. */
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/vk/authorize?${new URLSearchParams({
    client_id: 'kirish-vk',
    redirect_uri: redirectUri('vk'),
    response_type: 'code',
    scope: 'email',
    state: 'state-vk',
    v: '5.199',
    ...params,
  })}`;
const tokenCall = (code: string, params: Record<string, string> = {}) =>
  fetch(
    `${standin.origin()}/vk/access_token?${new URLSearchParams({
      client_id: 'kirish-vk',
      client_secret: 'standin-vk-secret',
      redirect_uri: redirectUri('vk'),
      code,
      ...params,
    })}`,
  );

async function newCode(fields: Record<string, string> = {}) {
  const answer = answerOf(await consent(standin.origin(), 'vk', authorizeUrl(), fields), 'query');
  expect(answer.get('state')).toBe('state-vk');
  return answer.get('code')!;
}

describe('the stand-in for VK', () => {
  it('exchanges the code for a token with the user id and confirmed e-mail, and users.get reads the user', async () => {
    const token = await jsonOf(await tokenCall(await newCode()));
    expect(token).toMatchObject({ email: 'dilnoza@example.com', expires_in: 3600 });
    expect(typeof token.user_id).toBe('number');
    const users = await jsonOf(
      await fetch(
        `${standin.origin()}/vk/method/users.get?${new URLSearchParams({
          user_ids: String(token.user_id),
          fields: 'photo_200',
          access_token: String(token.access_token),
          v: '5.199',
        })}`,
      ),
    );
    expect(users.response).toEqual([
      expect.objectContaining({ id: token.user_id, first_name: 'Dilnoza', last_name: 'Yusupova' }),
    ]);
    expect((users.response as { photo_200: string }[])[0]!.photo_200).toMatch(/picture\.png$/);
  });

  it('gives no e-mail that is not confirmed', async () => {
    const token = await jsonOf(await tokenCall(await newCode({ identity: 'timur' })));
    expect(token.email).toBeUndefined();
  });

  it('refuses a wrong secret, a wrong redirect URI, a reused code and an expired code', async () => {
    const wrongSecret = await tokenCall(await newCode(), { client_secret: 'guess' });
    expect(wrongSecret.status).toBe(400);
    expect((await jsonOf(wrongSecret)).error).toBe('invalid_client');

    const wrongRedirect = await tokenCall(await newCode(), { redirect_uri: `${redirectUri('vk')}x` });
    expect(wrongRedirect.status).toBe(400);
    expect((await jsonOf(wrongRedirect)).error).toBe('invalid_grant');

    const once = await newCode();
    const first = await jsonOf(await tokenCall(once));
    expect((await tokenCall(once)).status).toBe(400);
    // RFC 6749 §4.1.2: the reuse revokes the token the code gave.
    const revoked = await fetch(
      `${standin.origin()}/vk/method/users.get?access_token=${String(first.access_token)}&v=5.199`,
    );
    expect((await jsonOf(revoked)).error).toMatchObject({ error_code: 5 });

    const late = await newCode();
    standin.clock.advanceSeconds(600);
    expect((await jsonOf(await tokenCall(late))).error).toBe('invalid_grant');
  });

  it('refuses a redirect URI not registered on a page; Cancel answers access_denied with the state', async () => {
    const page = await fetchManual(authorizeUrl({ redirect_uri: 'https://evil.example/oauth/vk' }));
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    const denied = answerOf(await consent(standin.origin(), 'vk', authorizeUrl(), { action: 'cancel' }), 'query');
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('state')).toBe('state-vk');
    expect(denied.get('code')).toBeNull();
  });
});
