/**
 * A registered app at work: its secret at the token endpoint, its logo, the consent it always asks
 * for, and what deleting it ends.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { imageDimensions, solidImage } from '../../lib/images.js';
import { appPath, developerCalls, problems } from '../../test-support/developers.js';
import { basic } from '../../test-support/oauth-harness.js';
import { oauthSteps, pkcePair, TOKEN } from '../../test-support/oauth.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
const dev = developerCalls(server);
const oauth = oauthSteps(server);
const REDIRECT = 'https://bozor.example.uz/callback';

/** A signed-in user's authorization of the app, consenting; returns the code and its verifier. */
async function codeFor(access: string, clientId: string) {
  const pkce = pkcePair();
  const request = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile',
    state: 's',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  };
  const asked = await oauth.authorize(access, request);
  const allowed = await oauth.authorize(access, { ...request, consent: 'allow' });
  const code = new URL(allowed.json.redirect_uri as string).searchParams.get('code') ?? '';
  return { asked, code, verifier: pkce.verifier };
}

const redeem = (
  clientId: string,
  issued: { code: string; verifier: string },
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  oauth.postForm(
    TOKEN,
    {
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: issued.verifier,
      ...extra,
    },
    { headers },
  );

describe('a confidential app', () => {
  it('gets its secret once, and only its hash is stored', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app, client_secret: secret } = await dev.created(me.access, { kind: 'confidential' });
    expect(secret).toMatch(/^kirish_secret_[A-Za-z0-9_-]{43}$/);
    expect(app).toMatchObject({
      kind: 'confidential',
      has_secret: true,
      secret_created_at: new Date(server.clock.now()).toISOString(),
    });
    const row = await server.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(
      createHash('sha256')
        .update(secret ?? '')
        .digest('base64url'),
    );
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify((await dev.get(me.access, app.client_id)).json)).not.toContain(secret);
    expect(JSON.stringify((await dev.list(me.access)).json)).not.toContain(row.secret_hash);
  });

  it('proves itself with the secret (Basic or in the body); rotating stops the old secret at once', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app, client_secret: first } = await dev.created(me.access, { kind: 'confidential' });
    const id = app.client_id;
    const byBasic = await redeem(id, await codeFor(me.access, id), {}, { authorization: basic(id, first ?? '') });
    expect(byBasic.status, byBasic.text).toBe(200);
    expect((await redeem(id, await codeFor(me.access, id), { client_secret: first ?? '' })).status).toBe(200);
    const without = await redeem(id, await codeFor(me.access, id));
    expect([without.status, without.json.error]).toEqual([401, 'invalid_client']);

    server.clock.advanceSeconds(60);
    const rotated = await dev.rotate(me.access, id);
    expect(rotated.status).toBe(200);
    expect(rotated.json).toEqual({ client_id: id, client_secret: expect.stringMatching(/^kirish_secret_/) });
    const second = rotated.json.client_secret as string;
    expect(second).not.toBe(first);
    expect((await dev.get(me.access, id)).json.app.secret_created_at).toBe(new Date(server.clock.now()).toISOString());

    const old = await redeem(id, await codeFor(me.access, id), {}, { authorization: basic(id, first ?? '') });
    expect([old.status, old.json.error, old.headers.get('www-authenticate')]).toEqual([
      401,
      'invalid_client',
      expect.stringMatching(/^Basic realm=/),
    ]);
    expect((await redeem(id, await codeFor(me.access, id), {}, { authorization: basic(id, second) })).status).toBe(200);
  });

  it('still needs PKCE: a secret does not replace the verifier', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app, client_secret: secret } = await dev.created(me.access, { kind: 'confidential' });
    const issued = await codeFor(me.access, app.client_id);
    const answer = await redeem(
      app.client_id,
      { ...issued, verifier: pkcePair().verifier },
      { client_secret: secret ?? '' },
    );
    expect([answer.status, answer.json.error]).toEqual([400, 'invalid_grant']);
  });

  it('has no secret to rotate when public', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(me.access);
    expect(problems(await dev.rotate(me.access, app.client_id))).toEqual([400, [['client_is_public']]]);
  });
});

describe('a registered app and its users', () => {
  it('is third-party: authorizing asks for consent, with its name and pages', async () => {
    const owner = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(owner.access);
    const user = await server.registerByPhone('+998901112299');
    const { asked } = await codeFor(user.access, app.client_id);
    expect(asked.json).toMatchObject({
      consent_required: true,
      client: {
        client_id: app.client_id,
        name: 'Bozor Shop',
        first_party: false,
        scopes: ['openid', 'profile', 'phone', 'email'],
      },
    });
    // Even for the person who registered it.
    expect((await codeFor(owner.access, app.client_id)).asked.json.consent_required).toBe(true);
    const info = await server.call('GET', `${V1}/oauth/app_info/?client_id=${app.client_id}`);
    expect(info.json).toMatchObject({
      first_party: false,
      privacy_policy_url: 'https://bozor.example.uz/privacy',
      terms_url: null,
    });
  });

  it("loses every user's grant and token when deleted: refresh and userinfo stop working", async () => {
    const owner = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(owner.access);
    const user = await server.registerByPhone('+998901112299');
    const tokens = await redeem(app.client_id, await codeFor(user.access, app.client_id));
    expect(tokens.status).toBe(200);
    expect((await oauth.userinfo(tokens.json.access_token as string)).status).toBe(200);

    expect((await dev.remove(owner.access, app.client_id)).status).toBe(204);
    expect((await oauth.userinfo(tokens.json.access_token as string)).status).toBe(401);
    const refreshed = await oauth.postForm(TOKEN, {
      grant_type: 'refresh_token',
      refresh_token: tokens.json.refresh_token as string,
      client_id: app.client_id,
    });
    expect([refreshed.status, refreshed.json.error]).toEqual([401, 'invalid_client']);
    expect((await server.call('GET', `${V1}/user/grants/`, { token: user.access })).json).toEqual([]);
    const session = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('oauth_client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(session.end_reason).toBe('app_deleted');
    // The user's own sign-in to Kirish goes on.
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: user.access })).status).toBe(200);
  });
});

async function uploadLogo(token: string, clientId: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('logo', new File([bytes], 'logo.png', { type: 'image/png' }));
  const response = await server.app.request(appPath(clientId, 'logo/'), {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

describe('the logo', () => {
  it('is uploaded through the photo pipeline, served under /cdn, replaced and removed', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(me.access);
    const uploaded = await uploadLogo(me.access, app.client_id, await solidImage(600, 600, 'png'));
    expect(uploaded.status).toBe(200);
    const logoUrl = uploaded.json.app.logo_url as string;
    expect(logoUrl).toMatch(/^\/cdn\/200x\/avatars\/[0-9a-f-]{36}-[A-Za-z0-9_-]{16}\.webp$/);
    const served = await server.app.request(logoUrl);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await imageDimensions(new Uint8Array(await served.arrayBuffer()))).toMatchObject({
      width: 200,
      format: 'webp',
    });
    const info = await server.call('GET', `${V1}/oauth/app_info/?client_id=${app.client_id}`);
    expect(info.json.logo_url).toBe(logoUrl);

    const replaced = await uploadLogo(me.access, app.client_id, await solidImage(300, 300, 'jpeg'));
    expect(replaced.json.app.logo_url).not.toBe(logoUrl);
    expect((await server.app.request(logoUrl)).status).toBe(404);

    const removed = await server.call('DELETE', appPath(app.client_id, 'logo/'), { token: me.access });
    expect([removed.status, removed.json.app.logo_url]).toEqual([200, null]);
    expect((await server.app.request(replaced.json.app.logo_url as string)).status).toBe(404);
  });

  it('refuses what is not an image, and a stranger', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(me.access);
    const text = new TextEncoder().encode('not a picture');
    expect(await uploadLogo(me.access, app.client_id, text)).toEqual({
      status: 400,
      json: { errors: [{ error: 'invalid_media_type', field: 'logo' }] },
    });
    const stranger = await server.registerByPhone('+998901112299');
    expect((await uploadLogo(stranger.access, app.client_id, await solidImage(40, 40, 'png'))).status).toBe(404);
    expect((await dev.get(me.access, app.client_id)).json.app.logo_url).toBeNull();
  });

  it('goes with the app when it is deleted', async () => {
    const me = await server.registerByPhone('+998901112233');
    const { app } = await dev.created(me.access);
    const logoUrl = (await uploadLogo(me.access, app.client_id, await solidImage(64, 64, 'png'))).json.app
      .logo_url as string;
    await dev.remove(me.access, app.client_id);
    expect((await server.app.request(logoUrl)).status).toBe(404);
  });
});
