/** OneID on the stand-in, over HTTP: one path for the page, one_authorization_code and one_access_token_identify. */
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, OTHER_APP, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const endpoint = () => `${standin.origin()}/oneid/sso/oauth/Authorization.do`;
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${endpoint()}?${new URLSearchParams({
    response_type: 'one_code',
    client_id: 'kirish-oneid',
    redirect_uri: redirectUri('oneid'),
    scope: 'kirish',
    state: 'state-oneid',
    ...params,
  })}`;
const post = (fields: Record<string, string>) =>
  fetch(endpoint(), {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'kirish-oneid', client_secret: 'standin-oneid-secret', ...fields }),
  });
const exchange = (code: string, fields: Record<string, string> = {}) =>
  post({ grant_type: 'one_authorization_code', redirect_uri: redirectUri('oneid'), code, ...fields });
const identify = (accessToken: string, fields: Record<string, string> = {}) =>
  post({ grant_type: 'one_access_token_identify', access_token: accessToken, scope: 'kirish', ...fields });

async function newCode(fields: Record<string, string> = {}) {
  const answer = answerOf(await consent(standin.origin(), 'oneid', authorizeUrl(), fields), 'query');
  expect(answer.get('state')).toBe('state-oneid');
  return answer.get('code')!;
}

describe('the stand-in for OneID', () => {
  it('exchanges the code and identifies the person: PINFL, names, birth date, phone', async () => {
    const token = await jsonOf(await exchange(await newCode({ identity: 'aziza' })));
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'kirish' });
    const person = await identify(String(token.access_token));
    expect(person.status).toBe(200);
    expect(await jsonOf(person)).toMatchObject({
      valid: 'true',
      pin: '42505880123456',
      first_name: 'Aziza',
      sur_name: 'Karimova',
      birth_date: '1988-05-25',
      mob_phone_no: '998901234567',
      email: 'demo@kirish.uz',
      ret_cd: '0',
    });
  });

  it('takes a typed identity only with a PINFL and a birth date', async () => {
    const typed = { identity: 'typed', first_name: 'Nodira', last_name: 'Saidova' };
    const missing = await consent(standin.origin(), 'oneid', authorizeUrl(), typed);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('OneID needs a PINFL and a birth date.');
    const code = await newCode({ ...typed, pinfl: '51111111111111', birth_date: '1999-09-09' });
    const token = await jsonOf(await exchange(code));
    expect(await jsonOf(await identify(String(token.access_token)))).toMatchObject({
      pin: '51111111111111',
      birth_date: '1999-09-09',
    });
  });

  it('refuses a wrong secret, a reused or expired code, and a token of another client', async () => {
    const wrongSecret = await exchange(await newCode(), { client_secret: 'guess' });
    expect(wrongSecret.status).toBe(400);
    expect((await jsonOf(wrongSecret)).error).toBe('invalid_client');
    const once = await newCode();
    const token = await jsonOf(await exchange(once));
    expect((await exchange(once)).status).toBe(400);
    expect((await identify(String(token.access_token))).status).toBe(400);
    const late = await newCode();
    standin.clock.advanceSeconds(600);
    expect((await jsonOf(await exchange(late))).error).toBe('invalid_grant');

    const other = answerOf(
      await consent(
        standin.origin(),
        'oneid',
        authorizeUrl({ client_id: 'other-oneid', redirect_uri: `${OTHER_APP}/callback` }),
      ),
      'query',
    );
    const otherToken = await jsonOf(
      await exchange(other.get('code')!, {
        client_id: 'other-oneid',
        client_secret: 'other-oneid-secret',
        redirect_uri: `${OTHER_APP}/callback`,
      }),
    );
    expect((await jsonOf(await identify(String(otherToken.access_token)))).error).toBe('invalid_token');
  });

  it('refuses an unknown client on its page; Cancel answers access_denied', async () => {
    expect((await fetchManual(authorizeUrl({ client_id: 'nobody' }))).status).toBe(400);
    const denied = answerOf(await consent(standin.origin(), 'oneid', authorizeUrl(), { action: 'cancel' }), 'query');
    expect(denied.get('error')).toBe('access_denied');
  });
});
