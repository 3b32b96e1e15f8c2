/**
 * The binding cookie and Apple's form_post over a real socket (issue 36): what a browser is sent and
 * sends back, as @hono/node-server writes it — the cookie's attributes, its return with the callback
 * call, and the 303 of the form_post.
 */
import { describe, expect, it } from 'vitest';
import { fakeProviders, identity } from '../../test-support/social.js';
import { useHttpServer } from '../../test-support/http-server.js';

const providers = fakeProviders(['apple', 'google']);
const live = useHttpServer({ providerClients: providers.clients });

describe('over HTTP', () => {
  it('sets the binding cookie, takes it back with the callback call, and signs in', async () => {
    const started = await fetch(`${live.origin}/sso/api/v1/SocialAuth/Google/Login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).toBe(200);
    const line = started.headers.getSetCookie().find((cookie) => cookie.startsWith('kirish_social_flow='));
    expect(line).toMatch(/; Max-Age=600; Path=\/sso\/api\/v1\/SocialAuth\/; HttpOnly; SameSite=Lax$/);
    const state = new URL(((await started.json()) as { url: string }).url).searchParams.get('state');

    providers.vouch('g-http', identity('google', 'g-http'));
    const finish = (cookie: string) =>
      fetch(`${live.origin}/sso/api/v1/SocialAuth/GoogleLogin/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ state, access_token: 'g-http' }),
      });
    expect((await finish('')).status).toBe(400);
    const finished = await finish(line?.split(';')[0] ?? '');
    expect(finished.status).toBe(200);
    const signedIn = (await finished.json()) as { access: string; has_phone: boolean };
    expect(signedIn).toMatchObject({ has_phone: false });
    expect(finished.headers.get('cache-control')).toBe('no-store');
    // A sign-in, as LoginUser's: the device cookies. But the new account is offered to no partner before its
    // phone is confirmed, so the browser is not told someone is signed in (FedCM would find no account).
    expect(finished.headers.get('set-login')).toBeNull();
    const cookies = finished.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    expect(cookies.map((cookie) => cookie.split('=')[0]).toSorted()).toEqual([
      '__Host-kirish_device',
      '__Host-kirish_idp',
    ]);

    // Its phone confirmed, it is: `Set-Login: logged-in`, and the `_idp` cookie again from the Strict one.
    const phone = '+998935550777';
    const bearer = { 'content-type': 'application/json', authorization: `Bearer ${signedIn.access}` };
    await fetch(`${live.origin}/sso/api/v1/auth/SendAuthSmsVerification/`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ type: 'social_login', phone }),
    });
    const checked = await fetch(`${live.origin}/sso/api/v1/auth/CheckAuthSmsVerification/`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ type: 'social_login', phone, code: await live.server.lastCode(phone) }),
    });
    const { request_id: requestId } = (await checked.json()) as { request_id: string };
    const confirmed = await fetch(`${live.origin}/sso/api/v1/SocialAuth/ConfirmPhone/`, {
      method: 'POST',
      headers: { ...bearer, cookie: cookies.join('; ') },
      body: JSON.stringify({ phone, request_id: requestId }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('set-login')).toBe('logged-in');
    const device = cookies.find((cookie) => cookie.startsWith('__Host-kirish_device='))?.split('=')[1];
    expect(confirmed.headers.getSetCookie()).toEqual([
      `__Host-kirish_idp=${device}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=None`,
    ]);

    // The same identity again, now a finished account: a sign-in like any other.
    const again = await fetch(`${live.origin}/sso/api/v1/SocialAuth/Google/Login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const againLine = again.headers.getSetCookie().find((cookie) => cookie.startsWith('kirish_social_flow='));
    const againState = new URL(((await again.json()) as { url: string }).url).searchParams.get('state');
    providers.vouch('g-http-2', identity('google', 'g-http'));
    const second = await fetch(`${live.origin}/sso/api/v1/SocialAuth/GoogleLogin/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: againLine?.split(';')[0] ?? '' },
      body: JSON.stringify({ state: againState, access_token: 'g-http-2' }),
    });
    expect(second.status).toBe(200);
    expect(second.headers.get('set-login')).toBe('logged-in');
  });

  it('tells the browser nothing of a sign-in for the providers list or a flow’s start (no Set-Login, no device cookie)', async () => {
    // The sign-in row asks for the list on every sign-in page, the widget's frame too: a Set-Login there
    // made FedCM believe someone was signed in, and "Continue with your Kirish account" found no account.
    const listed = await fetch(`${live.origin}/sso/api/v1/SocialAuth/providers/`);
    expect(listed.status).toBe(200);
    const started = await fetch(`${live.origin}/sso/api/v1/SocialAuth/Google/Login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).toBe(200);
    for (const answer of [listed, started]) {
      expect(answer.headers.get('set-login')).toBeNull();
      expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('__Host-'))).toEqual([]);
    }
  });

  it('answers Apple’s form_post with 303 to the SPA’s callback path', async () => {
    const posted = await fetch(`${live.origin}/oauth/apple`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=c1&state=s1&user=%7B%7D',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/oauth/apple?code=c1&state=s1');
    // A provider's window keeps its opener, the partner's frame, through Apple's POST too.
    expect(posted.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });
});
