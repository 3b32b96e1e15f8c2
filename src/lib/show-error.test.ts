import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { createHttp } from './http';
import { createShowError } from './show-error';
import { createToasts } from './toasts';

const texts: Record<string, string> = en;

/** The site's showError over the real HTTP client, a server that answers `answer`, and real toasts. */
function setup(answer: (url: string) => { status: number; body: unknown }) {
  const toasts = createToasts();
  const reported: unknown[] = [];
  let signedOut = 0;
  const http = createHttp({
    refreshUrl: '/sso/api/v1/TokenRefresh/',
    locale: () => 'en',
    deviceId: () => null,
    tokens: {
      access: () => 'expired',
      refresh: () => 'refresh-1',
      storeRefreshed: () => undefined,
      clear: () => undefined,
    },
    onSignedOut: () => void (signedOut += 1),
    fetch: (input) => {
      const { status, body } = answer(String(input));
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    },
    lock: (_name, work) => work(),
  });
  const i18n = { has: (key: string) => Object.hasOwn(texts, key), t: (key: string) => texts[key] ?? key };
  const showError = createShowError(i18n, toasts, (error) => void reported.push(error));
  const shown = () => toasts.list.value.map((toast) => toast.text);
  return { http, showError, shown, reported, signedOut: () => signedOut };
}

const expired = { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };

describe('what a failed call shows (docs/product.md §8)', () => {
  it('shows no message when the session could not be refreshed: the person goes to Login', async () => {
    const site = setup((url) =>
      url.endsWith('/TokenRefresh/') ? { status: 401, body: { errors: [{ error: 'token_not_valid' }] } } : expired,
    );
    const failed = await site.http.get('/sso/api/v1/user/sessions/').catch((error: unknown) => error);

    expect(site.showError(failed)).toBeNull();
    expect(site.signedOut()).toBe(1);
    expect(site.shown()).toEqual([]);
    expect(site.reported).toEqual([]);
  });

  it('still says "try again" for a refused call that had nothing to do with the session', async () => {
    const site = setup(() => ({ status: 400, body: { errors: [{ error: 'made_up_key' }] } }));
    const failed = await site.http.get('/sso/api/v1/user/sessions/').catch((error: unknown) => error);

    expect(site.showError(failed)).toBeNull();
    expect(site.shown()).toEqual([en.error_try_again]);
  });

  it('puts a key with a field beside the field, and a field-less one beside the field the form names', () => {
    const site = setup(() => expired);
    expect(site.showError({ status: 400, data: { errors: [{ error: 'invalid_phone', field: 'phone' }] } })).toEqual({
      key: 'invalid_phone',
      field: 'phone',
    });
    expect(
      site.showError({ status: 400, data: { errors: [{ error: 'invalid_credentials' }] } }, () => 'password'),
    ).toEqual({
      key: 'invalid_credentials',
      field: 'password',
    });
    expect(site.shown()).toEqual([]);
  });

  it('reports a failure that is not an answer of the server, and says "try again"', () => {
    const site = setup(() => expired);
    const bug = new TypeError('undefined is not a function');
    site.showError(bug);
    expect(site.reported).toEqual([bug]);
    expect(site.shown()).toEqual([en.error_try_again]);
  });
});
