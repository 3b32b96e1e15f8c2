/** Google on the stand-in, over HTTP as Kirish's client meets it: implicit grant, tokeninfo, userinfo. */
import { describe, expect, it } from 'vitest';
import { answerOf, consent, fetchManual, jsonOf, OTHER_APP, redirectUri, useStandin } from '../test-support/standin.js';

const standin = useStandin();
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/google/o/oauth2/v2/auth?${new URLSearchParams({
    response_type: 'token',
    client_id: 'kirish-google',
    redirect_uri: redirectUri('google'),
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    ...params,
  })}`;

async function signIn(params: Record<string, string> = {}, fields: Record<string, string> = {}) {
  const answer = answerOf(await consent(standin.origin(), 'google', authorizeUrl(params), fields), 'fragment');
  return answer;
}

async function sub(fields: Record<string, string>) {
  const token = (await signIn({}, fields)).get('access_token');
  return (await jsonOf(await fetch(`${standin.origin()}/google/tokeninfo?access_token=${token}`))).sub;
}

describe('the stand-in for Google', () => {
  it('gives a token in the fragment that tokeninfo ties to Kirish and userinfo reads', async () => {
    const response = await consent(standin.origin(), 'google', authorizeUrl());
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:8080\/oauth\/google#access_token=/);
    const answer = answerOf(response, 'fragment');
    expect(answer.get('state')).toBe('state-1');
    expect(answer.get('token_type')).toBe('Bearer');
    expect(answer.get('expires_in')).toBe('3600');
    const token = answer.get('access_token')!;

    const info = await fetch(`${standin.origin()}/google/tokeninfo?access_token=${token}`);
    expect(info.status).toBe(200);
    const claims = await jsonOf(info);
    expect(claims).toMatchObject({ aud: 'kirish-google', azp: 'kirish-google', email: 'dilnoza@example.com' });
    expect(claims.email_verified).toBe('true');
    expect(claims.sub).toMatch(/^\d{21}$/);

    const user = await fetch(`${standin.origin()}/google/v1/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await jsonOf(user)).toMatchObject({
      sub: claims.sub,
      given_name: 'Dilnoza',
      family_name: 'Yusupova',
      email: 'dilnoza@example.com',
      email_verified: true,
    });
  });

  it('gives the same identity the same subject, and another identity another', async () => {
    const typed = { identity: 'typed', first_name: 'Olim', email: 'olim@example.com', email_verified: 'on' };
    expect(await sub({})).toBe(await sub({}));
    expect(await sub(typed)).toBe(await sub({ ...typed, first_name: 'Olimjon' }));
    expect(await sub(typed)).not.toBe(await sub({}));
  });

  it("names another app as the audience of that app's token (token substitution shows)", async () => {
    const answer = await signIn({ client_id: 'other-google', redirect_uri: `${OTHER_APP}/callback` });
    const info = await fetch(`${standin.origin()}/google/tokeninfo?access_token=${answer.get('access_token')}`);
    expect((await jsonOf(info)).aud).toBe('other-google');
  });

  it('refuses an unknown or expired token at tokeninfo and userinfo', async () => {
    const token = (await signIn()).get('access_token')!;
    standin.clock.advanceSeconds(3600);
    const info = await fetch(`${standin.origin()}/google/tokeninfo?access_token=${token}`);
    expect(info.status).toBe(400);
    expect(await jsonOf(info)).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' });
    const user = await fetch(`${standin.origin()}/google/v1/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(401);
    expect(user.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('shows an error page, never a redirect, for an unknown client or a redirect URI not registered', async () => {
    const bad: Record<string, string>[] = [{ client_id: 'nobody' }, { redirect_uri: `${redirectUri('google')}/other` }];
    for (const params of bad) {
      const page = await fetchManual(authorizeUrl(params));
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain('not the real Google');
    }
  });

  it('sends Cancel back as access_denied with the state, and a wrong response_type as an error', async () => {
    const denied = await signIn({}, { action: 'cancel' });
    expect(Object.fromEntries(denied)).toEqual({ error: 'access_denied', state: 'state-1' });
    const page = await fetchManual(authorizeUrl({ response_type: 'code' }));
    expect(answerOf(page, 'fragment').get('error')).toBe('unsupported_response_type');
  });

  it('labels the page as a stand-in, with a label on every field, and refuses framing', async () => {
    const page = await fetchManual(authorizeUrl());
    const html = await page.text();
    expect(html).toContain('Kirish stand-in for Google — not the real Google');
    expect(html).toContain('Dilnoza Yusupova, dilnoza@example.com (verified)');
    const ids = [...html.matchAll(/<input type="(?!hidden)[^"]+" (?:name="[^"]+" )?id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(8);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
