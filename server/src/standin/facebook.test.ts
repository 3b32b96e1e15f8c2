/** Facebook on the stand-in, over HTTP: code, access_token, and `me` guarded by appsecret_proof. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const graph = () => `${standin.origin()}/facebook/v19.0`;
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/facebook/v19.0/dialog/oauth?${new URLSearchParams({
    client_id: 'kirish-facebook',
    redirect_uri: redirectUri('facebook'),
    state: 'state-fb',
    response_type: 'code',
    scope: 'email',
    ...params,
  })}`;
const tokenCall = (code: string, params: Record<string, string> = {}) =>
  fetch(
    `${graph()}/oauth/access_token?${new URLSearchParams({
      client_id: 'kirish-facebook',
      redirect_uri: redirectUri('facebook'),
      client_secret: 'standin-facebook-secret',
      code,
      ...params,
    })}`,
  );
const proof = (token: string, secret = 'standin-facebook-secret') =>
  createHmac('sha256', secret).update(token).digest('hex');
const me = (token: string, appsecretProof: string) =>
  fetch(
    `${graph()}/me?${new URLSearchParams({
      fields: 'id,first_name,last_name,email,picture',
      access_token: token,
      appsecret_proof: appsecretProof,
    })}`,
  );

async function accessToken(fields: Record<string, string> = {}) {
  const answer = answerOf(await consent(standin.origin(), 'facebook', authorizeUrl(), fields), 'query');
  expect(answer.get('state')).toBe('state-fb');
  const token = await jsonOf(await tokenCall(answer.get('code')!));
  expect(token.token_type).toBe('bearer');
  return String(token.access_token);
}

describe('the stand-in for Facebook', () => {
  it('exchanges the code and answers `me` with the fields asked for, given the appsecret_proof', async () => {
    const token = await accessToken();
    const profile = await me(token, proof(token));
    expect(profile.status).toBe(200);
    const body = await jsonOf(profile);
    expect(body).toMatchObject({ first_name: 'Dilnoza', last_name: 'Yusupova', email: 'dilnoza@example.com' });
    expect(body.id).toMatch(/^\d{16}$/);
    expect(body.picture).toMatchObject({ data: { url: expect.stringMatching(/picture\.png$/) } });
    expect(body.name).toBeUndefined();
  });

  it('refuses `me` without the proof, or with a proof made with another secret', async () => {
    const token = await accessToken();
    for (const wrong of ['', proof(token, 'standin-facebook-secreT')]) {
      const refused = await me(token, wrong);
      expect(refused.status).toBe(400);
      expect(await jsonOf(refused)).toMatchObject({ error: { type: 'GraphMethodException', code: 100 } });
    }
  });

  it('refuses a wrong secret, a wrong redirect URI, a reused code and an expired code', async () => {
    const code = async () =>
      answerOf(await consent(standin.origin(), 'facebook', authorizeUrl()), 'query').get('code')!;
    const wrongSecret = await tokenCall(await code(), { client_secret: 'guess' });
    expect(wrongSecret.status).toBe(400);
    expect(await jsonOf(wrongSecret)).toMatchObject({ error: { type: 'OAuthException', code: 1 } });
    expect((await tokenCall(await code(), { redirect_uri: redirectUri('vk') })).status).toBe(400);
    const once = await code();
    expect((await tokenCall(once)).status).toBe(200);
    expect((await tokenCall(once)).status).toBe(400);
    const late = await code();
    standin.clock.advanceSeconds(601);
    expect(await jsonOf(await tokenCall(late))).toMatchObject({ error: { code: 100 } });
  });

  it('shows an error page for an unknown app; Cancel answers access_denied', async () => {
    const page = await fetchManual(authorizeUrl({ client_id: '1234' }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('not the real Facebook');
    const denied = answerOf(await consent(standin.origin(), 'facebook', authorizeUrl(), { action: 'cancel' }), 'query');
    expect(Object.fromEntries(denied)).toMatchObject({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: 'state-fb',
    });
  });
});
