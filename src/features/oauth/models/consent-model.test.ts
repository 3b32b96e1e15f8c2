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

  it('shows the two-step page when the app asks for it and the account has none; Cancel tells the app', async () => {
    const { server, model, delivered } = setup();
    const client = { client_id: 'shop', name: 'Shop', logo_url: null, home_page: null };
    server.answer('post', `${SSO}/oauth/authorize/`, { second_step_required: true, client });
    await model.start();
    expect([model.step.value, model.client.value?.name, delivered]).toEqual(['second_step', 'Shop', []]);
    const unmet = 'https://shop.uz/cb?error=unmet_authentication_requirements&state=s1';
    server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: unmet });
    await model.cancelUnmet();
    expect(server.calls[1]?.body).toMatchObject({ consent: 'deny', deny_reason: 'unmet' });
    expect(delivered).toEqual([{ redirect: unmet }]);
  });
});
