import { describe, expect, it, vi } from 'vitest';
import { mount, type KirishCallbacks, type KirishOptions } from './mount.js';
import { base64Url } from './pkce.js';
import {
  aWindow,
  loadedIframe,
  message,
  post,
  settle,
  SSO_ORIGIN,
  TOKEN_ENDPOINT,
  TOKENS,
  useEmbedHarness,
} from './test-support/embed-harness.js';

const harness = useEmbedHarness();

async function mounted(options: Partial<KirishOptions> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const callbacks = {
    onToken: vi.fn<Required<KirishCallbacks>['onToken']>(),
    onError: vi.fn<Required<KirishCallbacks>['onError']>(),
    onReady: vi.fn<Required<KirishCallbacks>['onReady']>(),
    onUrlChange: vi.fn<Required<KirishCallbacks>['onUrlChange']>(),
    onCompact: vi.fn<Required<KirishCallbacks>['onCompact']>(),
  };
  const widget = mount(container, { clientId: 'partner-1', ssoOrigin: SSO_ORIGIN, ...callbacks, ...options });
  const iframe = await loadedIframe(container);
  const params = new URL(iframe.src).searchParams;
  return {
    container,
    widget,
    iframe,
    params,
    ...callbacks,
    fromIframe: (data: unknown) => post(data, iframe.contentWindow),
  };
}

const sha256 = async (text: string) =>
  base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

describe('mount', () => {
  it('opens the embed route with the client, this page as origin and redirect_uri, and an S256 challenge', async () => {
    const { iframe, params } = await mounted({ locale: 'ru' });

    expect(iframe.src.startsWith(`${SSO_ORIGIN}/embed?`)).toBe(true);
    expect(Object.fromEntries(params)).toEqual({
      client_id: 'partner-1',
      origin: location.origin,
      redirect_uri: location.origin,
      response_type: 'code',
      response_mode: 'web_message',
      scope: 'openid profile',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{22,}$/), // at least 128 bits
      nonce: expect.stringMatching(/^[\w-]{22,}$/),
      language: 'ru', // docs/product.md §2: the site reads its language from `language`
    });
    expect(params.get('state')).not.toBe(params.get('nonce'));
  });

  it('derives the challenge from a fresh 256-bit verifier that appears in no URL (RFC 7636 §4.1–4.2)', async () => {
    const fills: Uint8Array[] = [];
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const filled = getRandomValues(array as unknown as Uint8Array);
      fills.push(filled.slice());
      return array;
    });

    const { iframe, params } = await mounted();
    const candidates = fills.filter((bytes) => bytes.length === 32).map(base64Url);
    const verifiers: string[] = [];
    for (const candidate of candidates)
      if ((await sha256(candidate)) === params.get('code_challenge')) verifiers.push(candidate);

    expect(verifiers).toHaveLength(1);
    const [verifier = ''] = verifiers;
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(iframe.src).not.toContain(verifier);
    expect(location.href).not.toContain(verifier);
  });

  it('asks for the given scope and sends no locale when none is given', async () => {
    const { params } = await mounted({ scope: 'openid profile email' });

    expect(params.get('scope')).toBe('openid profile email');
    expect(params.has('language')).toBe(false);
  });

  it('draws a borderless, full-width iframe titled Kirish, 600 px high (about the sign-in form) and not sandboxed', async () => {
    const { iframe } = await mounted();

    expect(iframe.title).toBe('Kirish');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('600px');
    expect(iframe.hasAttribute('sandbox')).toBe(false);
  });

  it('lets the frame ask for a passkey (WebAuthn L3 §5.10.5: the publickey-credentials-get permission)', async () => {
    const { iframe } = await mounted();

    expect(iframe.getAttribute('allow')).toBe('publickey-credentials-get');
  });

  it('ignores messages from another origin and from another window of the SSO origin', async () => {
    const { iframe, onReady, fromIframe } = await mounted();

    post(message('ready'), iframe.contentWindow, 'http://evil.test');
    post(message('ready'), aWindow());
    post(message('ready'), window);
    post(message('ready'), null);
    expect(onReady).not.toHaveBeenCalled();

    fromIframe(message('ready'));
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('sizes the iframe from resize messages, within 120–2000 px', async () => {
    const { iframe, fromIframe } = await mounted();

    fromIframe(message('resize', { height: 612.4 }));
    expect(iframe.style.height).toBe('612px');
    fromIframe(message('resize', { height: 10 }));
    expect(iframe.style.height).toBe('120px');
    fromIframe(message('resize', { height: 1e6 }));
    expect(iframe.style.height).toBe('2000px');
  });

  it('reports the embedded URL and the embed’s errors', async () => {
    const { onUrlChange, onError, fromIframe } = await mounted();

    fromIframe({ type: 'iframeUrlChange', url: `${SSO_ORIGIN}/embed/login` });
    fromIframe(message('error', { error: 'access_denied' }));

    expect(onUrlChange).toHaveBeenCalledWith(`${SSO_ORIGIN}/embed/login`);
    expect(onError).toHaveBeenCalledWith('access_denied');
  });

  it('refuses an authorization for another state and does not redeem its code (RFC 6749 §10.12)', async () => {
    const { onError, onToken, fromIframe } = await mounted();

    fromIframe(message('authorization', { code: 'code-1', state: 'forged' }));
    await settle();

    expect(onError).toHaveBeenCalledWith('state_mismatch');
    expect(harness.fetch).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('redeems the code once at the token endpoint with the verifier and hands the tokens to onToken', async () => {
    const { params, onToken, onError, fromIframe } = await mounted();
    const authorization = message('authorization', { code: 'code-1', state: params.get('state') });

    fromIframe(authorization);
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith(TOKENS));
    fromIframe(authorization);
    await settle();

    expect(harness.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = harness.fetch.mock.calls[0] ?? [];
    expect(url).toBe(TOKEN_ENDPOINT);
    expect(init?.method).toBe('POST');
    // A URLSearchParams body: fetch itself sends it as application/x-www-form-urlencoded;charset=UTF-8.
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect(init?.headers).toBeUndefined();
    const form = Object.fromEntries(init?.body as URLSearchParams);
    expect(form).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: location.origin,
      client_id: 'partner-1',
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(await sha256(form.code_verifier ?? '')).toBe(params.get('code_challenge'));
    expect(onToken).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells the frame, at the SSO origin only, once the tokens came: the access token for its chip', async () => {
    const { iframe, params, onToken, fromIframe } = await mounted();

    fromIframe(message('authorization', { code: 'code-1', state: params.get('state') }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalled());

    expect(iframe.contentWindow.postMessage).toHaveBeenCalledTimes(1);
    expect(iframe.contentWindow.postMessage).toHaveBeenCalledWith(
      { source: 'kirish', v: 1, type: 'signedin', access_token: TOKENS.access_token },
      SSO_ORIGIN,
    );
  });

  it('tells the frame again with each resize after the sign-in (its page may not have listened yet), and not after a restart', async () => {
    const { iframe, params, onToken, fromIframe } = await mounted();
    fromIframe(message('resize', { height: 700 }));
    expect(iframe.contentWindow.postMessage).not.toHaveBeenCalled();

    fromIframe(message('authorization', { code: 'code-1', state: params.get('state') }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalled());
    fromIframe(message('resize', { height: 120 }));
    expect(iframe.contentWindow.postMessage).toHaveBeenCalledTimes(2);
    expect(iframe.contentWindow.postMessage).toHaveBeenLastCalledWith(
      { source: 'kirish', v: 1, type: 'signedin', access_token: TOKENS.access_token },
      SSO_ORIGIN,
    );

    fromIframe(message('restart'));
    fromIframe(message('resize', { height: 700 }));
    expect(iframe.contentWindow.postMessage).toHaveBeenCalledTimes(2);
  });

  it('tells the frame nothing when the code could not be redeemed', async () => {
    harness.answer(400, { error: 'invalid_grant' });
    const { iframe, params, onError, fromIframe } = await mounted();

    fromIframe(message('authorization', { code: 'code-1', state: params.get('state') }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('invalid_grant'));

    expect(iframe.contentWindow.postMessage).not.toHaveBeenCalled();
  });

  it('reports the compact chip to onCompact, each time the frame draws it', async () => {
    const { onCompact, fromIframe } = await mounted();

    fromIframe(message('compact'));
    post(message('compact'), aWindow());
    expect(onCompact).toHaveBeenCalledTimes(1);
  });

  it('starts a new request on restart ("Use another account"): a fresh verifier, state and nonce, and redeems its code', async () => {
    const { iframe, params, onToken, fromIframe } = await mounted();
    fromIframe(message('authorization', { code: 'code-1', state: params.get('state') }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(1));

    fromIframe(message('restart'));
    await vi.waitFor(() => expect(new URL(iframe.src).searchParams.get('state')).not.toBe(params.get('state')));
    const again = new URL(iframe.src).searchParams;
    expect(again.get('code_challenge')).not.toBe(params.get('code_challenge'));
    expect(again.get('nonce')).not.toBe(params.get('nonce'));

    // The old request's state is refused now; the new one's code is redeemed with the new verifier.
    fromIframe(message('authorization', { code: 'code-2', state: again.get('state') }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(2));
    const form = Object.fromEntries(harness.fetch.mock.calls[1]?.[1]?.body as URLSearchParams);
    expect(form.code).toBe('code-2');
    expect(await sha256(form.code_verifier ?? '')).toBe(again.get('code_challenge'));
  });

  it('keeps the nonce the page gave across a restart', async () => {
    const { iframe, params, fromIframe } = await mounted({ nonce: 'server-nonce' });

    fromIframe(message('restart'));
    await vi.waitFor(() => expect(new URL(iframe.src).searchParams.get('state')).not.toBe(params.get('state')));

    expect(new URL(iframe.src).searchParams.get('nonce')).toBe('server-nonce');
  });

  it('reports the token endpoint’s error code, or token_request_failed when it gives none', async () => {
    harness.answer(400, { error: 'invalid_grant' });
    const first = await mounted();
    first.fromIframe(message('authorization', { code: 'code-1', state: first.params.get('state') }));
    await vi.waitFor(() => expect(first.onError).toHaveBeenCalledWith('invalid_grant'));

    harness.answer(502, 'Bad gateway');
    const second = await mounted();
    second.fromIframe(message('authorization', { code: 'code-2', state: second.params.get('state') }));
    await vi.waitFor(() => expect(second.onError).toHaveBeenCalledWith('token_request_failed'));
    expect(first.onToken).not.toHaveBeenCalled();
    expect(second.onToken).not.toHaveBeenCalled();
  });

  it('reports network_error when the token request cannot be sent', async () => {
    harness.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { params, onError, fromIframe } = await mounted();

    fromIframe(message('authorization', { code: 'code-1', state: params.get('state') }));

    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('network_error'));
  });

  it('reports pkce_unavailable and opens nothing where the page cannot hash (no secure context)', async () => {
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValue(new TypeError('crypto.subtle is undefined'));
    const container = document.createElement('div');
    const onError = vi.fn<(error: string) => void>();

    mount(container, { clientId: 'partner-1', ssoOrigin: SSO_ORIGIN, onError });

    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('pkce_unavailable'));
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('removes the iframe and its message listener on unmount', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { container, widget } = await mounted();
    const listener = added.mock.calls.find(([type]) => type === 'message')?.[1];

    widget.unmount();

    expect(container.querySelector('iframe')).toBeNull();
    expect(listener).toBeDefined();
    expect(removed).toHaveBeenCalledWith('message', listener);
  });

  it('refuses options without a client or an SSO origin', () => {
    const container = document.createElement('div');

    expect(() => mount(container, { clientId: '', ssoOrigin: SSO_ORIGIN })).toThrow(/clientId and ssoOrigin/);
    expect(() => mount(container, { clientId: 'partner-1' })).toThrow(/clientId and ssoOrigin/);
    expect(container.children).toHaveLength(0);
  });
});
