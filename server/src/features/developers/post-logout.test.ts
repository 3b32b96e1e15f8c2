/**
 * Where RP-initiated logout returns to (OpenID Connect RP-Initiated Logout 1.0 §2, §3), registered in
 * the Developers section under the redirect URIs' rules (contract/client-uris.ts), and used by
 * /oauth/logout/ for the app's own ID tokens.
 */
import { describe, expect, it } from 'vitest';
import { developerCalls, problems } from '../../test-support/developers.js';
import { LOGOUT, oauthSteps } from '../../test-support/oauth.js';
import { useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();
const dev = developerCalls(server);
const oauth = oauthSteps(server);
const SIGNED_OUT = 'https://bozor.example.uz/signed-out';

const logout = (params: Record<string, string>) =>
  server.call('GET', `${LOGOUT}?${new URLSearchParams(params).toString()}`);

describe('post-logout redirect URIs of a registered app', () => {
  it('are registered, shown and edited as given; none when left out', async () => {
    const me = await server.registerByPhone('+998901410011');
    const plain = await dev.created(me.access);
    expect(plain.app.post_logout_redirect_uris).toEqual([]);
    const { app } = await dev.created(me.access, {
      post_logout_redirect_uris: [SIGNED_OUT, SIGNED_OUT, 'http://127.0.0.1:18090/bye'],
    });
    expect(app.post_logout_redirect_uris).toEqual([SIGNED_OUT, 'http://127.0.0.1:18090/bye']);
    expect((await dev.get(me.access, app.client_id)).json.app.post_logout_redirect_uris).toEqual([
      SIGNED_OUT,
      'http://127.0.0.1:18090/bye',
    ]);
    // A PATCH without the field keeps it; with it, replaces it.
    expect(
      (await dev.patch(me.access, app.client_id, { name: 'Bozor Market' })).json.app.post_logout_redirect_uris,
    ).toEqual([SIGNED_OUT, 'http://127.0.0.1:18090/bye']);
    expect(
      (await dev.patch(me.access, app.client_id, { post_logout_redirect_uris: [] })).json.app.post_logout_redirect_uris,
    ).toEqual([]);
  });

  it.each([
    ['plain http to a public host', 'http://bozor.example.uz/bye', 'redirect_uri_scheme_required'],
    ['a fragment', `${SIGNED_OUT}#x`, 'uri_fragment_not_allowed'],
    ['a wildcard', 'https://*.example.uz/bye', 'uri_wildcard_not_allowed'],
    ['user-info', 'https://user@bozor.example.uz/bye', 'uri_userinfo_not_allowed'],
    ['an address not written as it parses', 'https://Bozor.example.uz/bye', 'uri_invalid'],
  ])('refuse %s with its key and field, at registration and at an edit', async (_name, uri, key) => {
    const me = await server.registerByPhone('+998901410011');
    expect(problems(await dev.create(me.access, { post_logout_redirect_uris: [uri] }))).toEqual([
      400,
      [[key, 'post_logout_redirect_uris']],
    ]);
    const { app } = await dev.created(me.access);
    expect(problems(await dev.patch(me.access, app.client_id, { post_logout_redirect_uris: [uri] }))).toEqual([
      400,
      [[key, 'post_logout_redirect_uris']],
    ]);
    expect((await dev.list(me.access)).json.apps).toHaveLength(1);
  });

  it('refuse more than ten', async () => {
    const me = await server.registerByPhone('+998901410011');
    const many = Array.from({ length: 11 }, (_, index) => `${SIGNED_OUT}/${index}`);
    expect(problems(await dev.create(me.access, { post_logout_redirect_uris: many }))).toEqual([
      400,
      [['too_many_uris', 'post_logout_redirect_uris']],
    ]);
  });

  it("take RP-initiated logout back to the partner: the app's session ends and the browser returns with the state", async () => {
    const owner = await server.registerByPhone('+998901410011');
    const { app } = await dev.created(owner.access, { post_logout_redirect_uris: [SIGNED_OUT] });
    const user = await server.registerByPhone('+998901410022');
    const tokens = await dev.appTokens(user.access, app.client_id);
    const answer = await logout({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'xayr',
    });
    expect([answer.status, answer.headers.get('location')]).toEqual([302, `${SIGNED_OUT}?state=xayr`]);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);

    // Once the address is taken off, logout still ends the session but no longer goes there.
    await dev.patch(owner.access, app.client_id, { post_logout_redirect_uris: [] });
    const again = await dev.appTokens(user.access, app.client_id);
    const stays = await logout({ id_token_hint: again.id_token, post_logout_redirect_uri: SIGNED_OUT });
    expect([stays.status, stays.headers.get('location'), stays.text]).toEqual([200, null, 'Signed out']);
  });
});
