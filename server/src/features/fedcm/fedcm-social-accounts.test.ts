/**
 * Issue 36: an account made through a provider, as partners are offered it (docs/fedcm.md, "Accounts made
 * through a provider"). Until its phone is confirmed (docs/product.md §4) its sign-in is not finished: FedCM's
 * accounts list and the embed frame's leave it out, FedCM's assertion and POST /oauth/authorize/ refuse it.
 * Once confirmed it is an account like any other: its name from the provider, the masked phone as FedCM's
 * `tel`, an e-mail only when the provider verified one, and never an empty `email`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cookieJar, FEDCM, fedcmSteps, type CookieJar } from '../../test-support/fedcm.js';
import { PARTNER_REDIRECT, oauthSteps, pkcePair } from '../../test-support/oauth.js';
import { fakeProviders, finishFlow, identity, SOCIAL, startFlow } from '../../test-support/social.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';
import type { SocialProvider } from '../../contract/social.js';
import type { SocialIdentity } from '../../services/social/provider-client.js';

const providers = fakeProviders();
const server = useTestServer({ providerClients: providers.clients });
const oauth = oauthSteps(server);
const fedcm = fedcmSteps(server);

beforeEach(() => oauth.registerClients());

/** A provider sign-in in the browser `jar` (its device cookies and the flow's binding cookie both sent). */
async function signInWith(jar: CookieJar, who: SocialIdentity, credential: string) {
  const provider: SocialProvider = who.provider;
  providers.vouch(credential, who);
  const flow = await startFlow(server, provider, { cookie: jar.header().cookie ?? '' });
  const cookie = [flow.cookie, jar.header().cookie].filter(Boolean).join('; ');
  const result = jar.keep(await finishFlow(server, provider, { state: flow.state, cookie }, credential));
  expect(result.status, result.text).toBe(200);
  return result.json as { access: string; user_uuid: string; has_phone: boolean };
}

/** Home's confirmation: a `social_login` code to `phone`, then ConfirmPhone/ from the same browser. */
async function confirmPhone(jar: CookieJar, token: string, phone: string) {
  await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'social_login', phone }, { token });
  const code = await server.lastCode(phone);
  const checked = await server.post(
    `${V1}/auth/CheckAuthSmsVerification/`,
    { type: 'social_login', phone, code },
    { token },
  );
  expect(checked.status, checked.text).toBe(200);
  return jar.keep(
    await server.post(
      `${SOCIAL}/ConfirmPhone/`,
      { phone, request_id: checked.json.request_id },
      { token, headers: jar.header() },
    ),
  );
}

const frameAccounts = (jar: CookieJar) =>
  server.call('GET', `${FEDCM}/frame/accounts/`, {
    headers: { ...jar.header('idp'), 'sec-fetch-site': 'same-origin' },
  });

const X_PERSON = identity('twitter', 'x-700', { firstName: 'Dilnoza', lastName: 'Yusupova', display: '@dilnoza_yu' });

describe('an account made through a provider, offered to partners', () => {
  it('is offered to no partner until its phone is confirmed: not listed, no assertion, no code', async () => {
    const jar = cookieJar();
    const pending = await signInWith(jar, X_PERSON, 'x-code-1');
    expect(pending.has_phone).toBe(false);

    expect((await fedcm.accounts(jar)).json).toEqual({ accounts: [] });
    expect((await frameAccounts(jar)).json).toEqual({ accounts: [] });
    const { answer: assertion } = await fedcm.assertion(jar, pending.user_uuid);
    expect([assertion.status, assertion.json.error?.code]).toEqual([403, 'access_denied']);

    const asked = await oauth.authorize(pending.access, { ...oauth.request(pkcePair().challenge), consent: 'allow' });
    expect([asked.status, asked.json]).toEqual([403, { errors: [{ error: 'phone_confirmation_required' }] }]);
    // prompt=none shows nothing: the partner hears that the person is needed (OpenID Connect Core §3.1.2.6).
    const silent = await oauth.authorize(pending.access, { ...oauth.request(pkcePair().challenge), prompt: 'none' });
    expect(silent.status).toBe(200);
    const redirect = new URL(silent.json.redirect_uri as string);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(PARTNER_REDIRECT);
    expect(redirect.searchParams.get('error')).toBe('interaction_required');
    expect(redirect.searchParams.get('code')).toBeNull();
    expect(await server.db.selectFrom('authorization_codes').select('user_id').execute()).toEqual([]);
  });

  it('once its phone is confirmed, is listed with its name and masked phone, and gets an assertion and a code', async () => {
    const jar = cookieJar();
    const pending = await signInWith(jar, X_PERSON, 'x-code-2');
    const confirmed = await confirmPhone(jar, pending.access, '+998935550011');
    expect(confirmed.status, confirmed.text).toBe(200);
    // The browser learns an account is there to offer (Login Status API) and has the `_idp` cookie.
    expect(confirmed.headers.get('set-login')).toBe('logged-in');
    expect(jar.get('__Host-kirish_idp')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { accounts } = (await fedcm.accounts(jar)).json;
    // X gives no e-mail: no `email` key at all (an empty one would be an identifier the chooser shows as blank).
    expect(accounts).toEqual([
      {
        id: pending.user_uuid,
        name: 'Dilnoza Yusupova',
        given_name: 'Dilnoza',
        tel: '+998 93 *** ** 11',
        approved_clients: [],
        login_hints: [pending.user_uuid, '+998935550011'],
      },
    ]);
    expect((await frameAccounts(jar)).json.accounts).toEqual([
      expect.objectContaining({ uuid: pending.user_uuid, first_name: 'Dilnoza', phone: '+998 93 *** ** 11' }),
    ]);
    const { answer: assertion } = await fedcm.assertion(jar, pending.user_uuid);
    expect([assertion.status, typeof assertion.json.token]).toEqual([200, 'string']);
    const asked = await oauth.authorize(pending.access, { ...oauth.request(pkcePair().challenge), consent: 'allow' });
    expect(asked.status, asked.text).toBe(200);
    expect(new URL(asked.json.redirect_uri as string).searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("shows the provider's verified e-mail as FedCM's email, and never one it did not verify", async () => {
    const jar = cookieJar();
    const google = await signInWith(
      jar,
      identity('google', 'g-700', { email: 'aziz@example.uz', emailVerified: true, display: 'aziz@example.uz' }),
      'g-token-1',
    );
    await confirmPhone(jar, google.access, '+998935550012');
    const yandex = await signInWith(
      jar,
      identity('yandex', 'y-700', {
        firstName: 'Bobur',
        lastName: '',
        email: 'bobur@example.uz',
        emailVerified: false,
        display: 'bobur',
      }),
      'y-token-1',
    );
    await confirmPhone(jar, yandex.access, '+998935550013');

    const { accounts } = (await fedcm.accounts(jar)).json as { accounts: Record<string, unknown>[] };
    // Both signed in within the same instant of the frozen clock: compared by name, not by the list's order.
    const shown = accounts.map(({ id, name, email, tel }) => ({ id, name, email, tel }));
    expect(shown.toSorted((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { id: google.user_uuid, name: 'Aziz Karimov', email: 'aziz@example.uz', tel: '+998 93 *** ** 12' },
      { id: yandex.user_uuid, name: 'Bobur', email: undefined, tel: '+998 93 *** ** 13' },
    ]);
    for (const account of accounts) expect(Object.hasOwn(account, 'email') ? account.email : 'absent').not.toBe('');
  });

  it('leaves only the pending account out: a finished account of the same browser is offered as before', async () => {
    const jar = cookieJar();
    const phoneAccount = await fedcm.signUp(jar, '+998901110070');
    await signInWith(jar, identity('vk', 'vk-700'), 'vk-code-1');
    // The pending account beside it takes nothing from the account chooser's finished one.
    expect((await fedcm.accounts(jar)).json.accounts.map((account: { id: string }) => account.id)).toEqual([
      phoneAccount.user_uuid,
    ]);
    const { answer } = await fedcm.assertion(jar, phoneAccount.user_uuid);
    expect(answer.status).toBe(200);
  });
});
