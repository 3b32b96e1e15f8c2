import { describe, expect, it } from 'vitest';
import { failure, fakeHttp } from '../../../lib/testing/fake-http';
import { joinBrowserSession } from './browser-accounts';

const SSO = '/sso/api/v1';
const PARTNER = { clientId: 'kirish-demo', origin: 'https://shop.example.uz' };
const REQUEST = { user_uuid: 'u-1', client_id: 'kirish-demo', origin: 'https://shop.example.uz' };

describe('joinBrowserSession', () => {
  it('asks for the nonce of the tap, then joins with it (docs/fedcm.md: no join on the cookie alone)', async () => {
    const { http, calls, answer } = fakeHttp();
    answer('post', `${SSO}/fedcm/frame/nonce/`, { nonce: 'n-1', expires_in: 60 });
    answer('post', `${SSO}/fedcm/frame/session/`, { access: 'a', refresh: 'r' });
    expect(await joinBrowserSession(http, SSO, 'u-1', PARTNER)).toEqual({ access: 'a', refresh: 'r' });
    expect(calls).toEqual([
      { method: 'post', url: `${SSO}/fedcm/frame/nonce/`, body: REQUEST },
      { method: 'post', url: `${SSO}/fedcm/frame/session/`, body: { ...REQUEST, nonce: 'n-1' } },
    ]);
  });

  it('joins nothing when no nonce is given', async () => {
    const { http, calls, fail } = fakeHttp();
    fail('post', `${SSO}/fedcm/frame/nonce/`, failure(404, 'account_not_found'));
    await expect(joinBrowserSession(http, SSO, 'u-1', PARTNER)).rejects.toEqual(failure(404, 'account_not_found'));
    expect(calls.map((call) => call.url)).toEqual([`${SSO}/fedcm/frame/nonce/`]);
  });
});
