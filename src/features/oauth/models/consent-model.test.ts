import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../../lib/testing/fake-http';
import type { AuthorizationRequest } from '../authorization-request';
import { readAuthorizationRequest } from '../authorization-request';
import { createConsentModel, type Delivery } from './consent-model';

const SSO = '/sso/api/v1';
const REQUEST: AuthorizationRequest = readAuthorizationRequest(
  '?client_id=shop&redirect_uri=https%3A%2F%2Fshop.uz%2Fcb&response_type=code&scope=openid&state=s1&prompt=login&max_age=300',
);

function setup() {
  const server = fakeHttp();
  const delivered: Delivery[] = [];
  let signInAgain = 0;
  const model = createConsentModel({
    http: server.http,
    ssoApi: SSO,
    request: REQUEST,
    errorKeyOf: () => 'error_try_again',
    deliver: (delivery) => void delivered.push(delivery),
    signInAgain: () => void (signInAgain += 1),
  });
  return { server, model, delivered, signInAgain: () => signInAgain };
}

describe('the consent step', () => {
  it("hands the app's prompt and max_age to the server (OpenID Connect Core §3.1.2.1)", async () => {
    const { server, model } = setup();
    server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: 'https://shop.uz/cb?code=c' });
    await model.start();
    expect(server.calls[0]?.body).toMatchObject({ prompt: 'login', max_age: '300' });
  });

  it('asks for a fresh sign-in when the server says so, delivering nothing', async () => {
    const { server, model, delivered, signInAgain } = setup();
    server.answer('post', `${SSO}/oauth/authorize/`, { login_required: true });
    await model.start();
    expect([signInAgain(), delivered, model.step.value]).toEqual([1, [], 'loading']);
  });

  it('delivers an error the server answered for a silent request to the client', async () => {
    const { server, model, delivered } = setup();
    server.answer('post', `${SSO}/oauth/authorize/`, {
      redirect_uri: 'https://shop.uz/cb?error=login_required&state=s1',
    });
    await model.start();
    expect(delivered).toEqual([{ redirect: 'https://shop.uz/cb?error=login_required&state=s1' }]);
  });
});
