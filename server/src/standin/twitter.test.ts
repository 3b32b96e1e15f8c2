/** X on the stand-in, over HTTP: the code grant with PKCE S256, HTTP Basic at the token endpoint, users/me. */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/twitter/i/oauth2/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: 'kirish-twitter',
    redirect_uri: redirectUri('twitter'),
    scope: 'users.read tweet.read',
    state: 'state-x',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  })}`;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const tokenCall = (code: string, params: Record<string, string> = {}, secret = 'standin-twitter-secret') =>
  fetch(`${standin.origin()}/twitter/2/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basic('kirish-twitter', secret) },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri('twitter'),
      code_verifier: verifier,
      ...params,
    }),
  });

async function newCode(fields: Record<string, string> = {}) {
  const answer = answerOf(await consent(standin.origin(), 'twitter', authorizeUrl(), fields), 'query');
  expect(answer.get('state')).toBe('state-x');
  return answer.get('code')!;
}

describe('the stand-in for X', () => {
  it('exchanges the code with the verifier and answers users/me', async () => {
    const token = await tokenCall(await newCode({ identity: 'typed', first_name: 'Jasur', username: '@jasur_t' }));
    expect(token.status).toBe(200);
    const body = await jsonOf(token);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'users.read tweet.read' });
    const me = await fetch(`${standin.origin()}/twitter/2/users/me?user.fields=profile_image_url`, {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    expect((await jsonOf(me)).data).toMatchObject({
      name: 'Jasur',
      username: 'jasur_t',
      id: expect.stringMatching(/^\d{19}$/),
    });
  });

  it('refuses a verifier that does not hash to the challenge (RFC 7636 §4.6)', async () => {
    const refused = await tokenCall(await newCode(), { code_verifier: randomBytes(32).toString('base64url') });
    expect(refused.status).toBe(400);
    expect((await jsonOf(refused)).error).toBe('invalid_grant');
  });

  it('refuses a wrong secret with 401, a wrong redirect URI, a reused code and an expired code', async () => {
    const wrongSecret = await tokenCall(await newCode(), {}, 'guess');
    expect(wrongSecret.status).toBe(401);
    expect((await jsonOf(wrongSecret)).error).toBe('invalid_client');
    expect((await tokenCall(await newCode(), { redirect_uri: redirectUri('vk') })).status).toBe(400);
    const once = await newCode();
    expect((await tokenCall(once)).status).toBe(200);
    expect((await tokenCall(once)).status).toBe(400);
    const late = await newCode();
    standin.clock.advanceSeconds(600);
    expect((await jsonOf(await tokenCall(late))).error).toBe('invalid_grant');
  });

  it('sends a request without an S256 challenge back as invalid_request', async () => {
    const bad: Record<string, string>[] = [{ code_challenge_method: 'plain' }, { code_challenge: '' }];
    for (const params of bad) {
      const answer = answerOf(await fetchManual(authorizeUrl(params)), 'query');
      expect(answer.get('error')).toBe('invalid_request');
      expect(answer.get('state')).toBe('state-x');
    }
  });
});
