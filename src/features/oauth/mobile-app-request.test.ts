import { describe, expect, it } from 'vitest';
import { readAuthorizationRequest } from './authorization-request';
import { consentQuery, readMobileAppRequest } from './mobile-app-request';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const APP = `client_id=kirish-demo-app&redirect_uri=${encodeURIComponent('uz.kirish.demo:/oauth')}&code_challenge=${CHALLENGE}&code_challenge_method=S256&state=s-1`;

describe("reading a phone app's request (/login/mobile-*)", () => {
  it('makes the code request of RFC 8252 §6 with the scope openid when the app names none', () => {
    expect(readMobileAppRequest(`?${APP}`)).toEqual({
      request: {
        client_id: 'kirish-demo-app',
        redirect_uri: 'uz.kirish.demo:/oauth',
        response_type: 'code',
        scope: 'openid',
        state: 's-1',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      },
    });
  });

  it("keeps the app's scope and nonce, and leaves what the server judges (a plain challenge, no state) to it", () => {
    const read = readMobileAppRequest(
      `?${APP.replace('S256', 'plain').replace('&state=s-1', '')}&scope=openid+phone&nonce=n`,
    );
    expect(read).toMatchObject({
      request: { scope: 'openid phone', nonce: 'n', code_challenge_method: 'plain', state: '' },
    });
  });

  it('has nothing to send to without an app or a redirect URI (RFC 6749 §4.1.2.1)', () => {
    expect(readMobileAppRequest(`?redirect_uri=uz.kirish.demo%3A%2Foauth&state=s`)).toEqual({
      problem: 'invalid_client',
    });
    expect(readMobileAppRequest(`?client_id=kirish-demo-app&state=s`)).toEqual({ problem: 'invalid_redirect_uri' });
    expect(readMobileAppRequest('')).toEqual({ problem: 'invalid_client' });
  });

  it("becomes the consent page's query, which reads back as the same request", () => {
    const read = readMobileAppRequest(`?${APP}`);
    if (!('request' in read)) throw new Error('not read');
    expect(readAuthorizationRequest(`?${consentQuery(read.request)}`)).toEqual(read.request);
  });
});
