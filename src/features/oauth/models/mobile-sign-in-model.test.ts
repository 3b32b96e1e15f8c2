import { describe, expect, it } from 'vitest';
import type { AuthorizeAnswer } from '../api/types';
import type { AuthorizationRequest } from '../authorization-request';
import { createMobileSignInModel } from './mobile-sign-in-model';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const SEARCH = `?client_id=kirish-demo-app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Foauth&code_challenge=${CHALLENGE}&code_challenge_method=S256&state=s-1`;
const PROVIDER_PAGE = 'http://127.0.0.1:8082/twitter/i/oauth2/authorize?state=x';

function setup(
  verdict: () => Promise<AuthorizeAnswer>,
  start: () => Promise<string> = () => Promise.resolve(PROVIDER_PAGE),
) {
  const checked: AuthorizationRequest[] = [];
  const kept: string[] = [];
  const went: string[] = [];
  const model = createMobileSignInModel({
    check: (request) => {
      checked.push(request);
      return verdict();
    },
    keep: (query) => void kept.push(query),
    start,
    go: (url) => void went.push(url),
    errorKeyOf: (error) => (error as { key?: string }).key ?? 'error_try_again',
  });
  return { model, checked, kept, went };
}

const verdictAt = (query: string) => () =>
  Promise.resolve<AuthorizeAnswer>({ redirect_uri: `http://127.0.0.1:8765/oauth?${query}` });

describe("a phone app's sign-in page", () => {
  it('has the server judge the request, keeps it, and goes to the provider when it only needs a sign-in', async () => {
    const { model, checked, kept, went } = setup(verdictAt('error=login_required&state=s-1'));
    await model.run(SEARCH);
    expect(checked[0]).toMatchObject({ client_id: 'kirish-demo-app', response_type: 'code', scope: 'openid' });
    expect(kept).toHaveLength(1);
    expect(new URLSearchParams(kept[0]).get('redirect_uri')).toBe('http://127.0.0.1:8765/oauth');
    expect(went).toEqual([PROVIDER_PAGE]);
  });

  it('tells the app, at its verified address, what else is wrong, and starts no sign-in', async () => {
    const { model, kept, went } = setup(verdictAt('error=invalid_scope&state=s-1'));
    await model.run(SEARCH);
    expect([kept, went]).toEqual([[], ['http://127.0.0.1:8765/oauth?error=invalid_scope&state=s-1']]);
  });

  it('shows the error page, sending nothing anywhere, for an app or redirect URI the server does not know', async () => {
    const { model, kept, went } = setup(() => Promise.reject({ key: 'invalid_redirect_uri' }));
    await model.run(SEARCH);
    expect([model.step.value, model.errorKey.value, kept, went]).toEqual([
      'oautherror',
      'invalid_redirect_uri',
      [],
      [],
    ]);
  });

  it('shows the error page without asking the server when the address names no app', async () => {
    const { model, checked, went } = setup(verdictAt('error=login_required'));
    await model.run('?state=s-1');
    expect([model.step.value, model.errorKey.value, checked, went]).toEqual(['oautherror', 'invalid_client', [], []]);
  });

  it("offers to try again when the provider's flow does not start, and goes once it does", async () => {
    let attempts = 0;
    const { model, went } = setup(verdictAt('error=login_required'), () =>
      ++attempts === 1 ? Promise.reject({ key: 'social_provider_unavailable' }) : Promise.resolve(PROVIDER_PAGE),
    );
    await model.run(SEARCH);
    expect([model.step.value, model.errorKey.value, went]).toEqual(['failed', 'social_provider_unavailable', []]);
    await model.begin();
    expect(went).toEqual([PROVIDER_PAGE]);
  });
});
