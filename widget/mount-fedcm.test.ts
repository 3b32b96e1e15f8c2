/**
 * The loader where the browser has FedCM (issue 21): it asks the browser for the person's Kirish
 * account on load (passive) and when the frame relays a click (active), and redeems the answer — an
 * authorization code bound to this page — exactly as the iframe's code.
 */
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type * as MountModule from './mount.js';
import type { KirishCallbacks, KirishOptions } from './mount.js';
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

// The loader keeps page-wide FedCM state (one request at a time): every test gets a fresh page's module.
let mount: typeof MountModule.mount;
beforeEach(async () => {
  vi.resetModules();
  ({ mount } = await import('./mount.js'));
});

interface IdentityRequest {
  identity: { providers: { configURL: string; clientId: string; params: Record<string, string> }[]; mode: string };
  mediation: string;
  signal: AbortSignal;
}

let credentialsGet: Mock<(options: IdentityRequest) => Promise<unknown>>;
const requests = () => credentialsGet.mock.calls.map(([options]) => options);

/** The browser's FedCM: `IdentityCredential` exists, and `navigator.credentials.get` answers `answer()`. */
function withFedCm(answer: () => Promise<unknown> = () => new Promise(() => {})) {
  // Only its presence is looked at.
  vi.stubGlobal('IdentityCredential', function IdentityCredential() {});
  credentialsGet = vi.fn<(options: IdentityRequest) => Promise<unknown>>(answer);
  vi.stubGlobal('navigator', { ...navigator, credentials: { get: credentialsGet } });
}

async function mounted(options: Partial<KirishOptions> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const onToken = vi.fn<Required<KirishCallbacks>['onToken']>();
  const onError = vi.fn<Required<KirishCallbacks>['onError']>();
  const widget = mount(container, { clientId: 'partner-1', ssoOrigin: SSO_ORIGIN, onToken, onError, ...options });
  const iframe = await loadedIframe(container);
  const params = new URL(iframe.src).searchParams;
  return { widget, params, onToken, onError, fromIframe: (data: unknown) => post(data, iframe.contentWindow) };
}

const sha256 = async (text: string) =>
  base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

describe('mount, where the browser has FedCM', () => {
  beforeEach(() => withFedCm());

  it('tells the frame it may hand a click to the page, and asks the browser on load (passive mode)', async () => {
    const { params } = await mounted({ scope: 'openid profile phone' });

    expect(params.get('fedcm')).toBe('1');
    expect(requests()).toEqual([
      {
        identity: {
          providers: [
            {
              configURL: `${SSO_ORIGIN}/sso/api/v1/fedcm/config.json`,
              clientId: 'partner-1',
              // The same request as the iframe's: one challenge, one nonce.
              params: {
                code_challenge: params.get('code_challenge'),
                code_challenge_method: 'S256',
                scope: 'openid profile phone',
                nonce: params.get('nonce'),
              },
            },
          ],
          mode: 'passive',
        },
        // No `mediation`: the browser takes its default, "optional" (Credential Management L1 §2.3.1).
        signal: expect.any(AbortSignal),
      },
    ]);
  });

  it('redeems the browser’s answer once, with this page’s verifier and origin, and hands the tokens to onToken', async () => {
    withFedCm(async () => ({ token: 'fedcm-code' }));
    const { params, onToken, onError, fromIframe } = await mounted();
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith(TOKENS));
    // The same code arriving from the frame too is not spent twice (RFC 6749 §4.1.2).
    fromIframe(message('authorization', { code: 'fedcm-code', state: params.get('state') }));
    await settle();

    expect(harness.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = harness.fetch.mock.calls[0] ?? [];
    expect(url).toBe(TOKEN_ENDPOINT);
    const form = Object.fromEntries(init?.body as URLSearchParams);
    expect(form).toMatchObject({
      grant_type: 'authorization_code',
      code: 'fedcm-code',
      redirect_uri: location.origin,
      client_id: 'partner-1',
    });
    expect(await sha256(form.code_verifier ?? '')).toBe(params.get('code_challenge'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('with autoPrompt false asks nothing on load, and asks in active mode when its own frame relays the click', async () => {
    const { params, fromIframe } = await mounted({ autoPrompt: false });
    expect(params.get('fedcm')).toBe('1');
    expect(credentialsGet).not.toHaveBeenCalled();

    post(message('fedcm'), aWindow()); // another frame of the SSO origin
    post(message('fedcm'), null, 'http://evil.test');
    expect(credentialsGet).not.toHaveBeenCalled();

    fromIframe(message('fedcm'));
    expect(requests().map((request) => request.identity.mode)).toEqual(['active']);
  });

  it('replaces a pending passive request by the active one', async () => {
    const { fromIframe } = await mounted();
    fromIframe(message('fedcm'));

    const [passive, active] = requests();
    expect(passive?.identity.mode).toBe('passive');
    expect(passive?.signal.aborted).toBe(true);
    expect(active?.identity.mode).toBe('active');
    expect(active?.signal.aborted).toBe(false);
  });

  it('prompts on load for the first widget of a page only; a click in another widget replaces that prompt', async () => {
    const first = await mounted();
    const second = await mounted();
    expect(requests().map((request) => request.identity.mode)).toEqual(['passive']);

    second.fromIframe(message('fedcm'));

    const [passive, active] = requests();
    expect(passive?.signal.aborted).toBe(true);
    expect(active?.identity.mode).toBe('active');
    expect(active?.identity.providers[0]?.params.code_challenge).toBe(second.params.get('code_challenge'));
    expect(first.params.get('code_challenge')).not.toBe(second.params.get('code_challenge'));
  });

  it('says nothing when the person dismisses the browser’s prompt: the frame’s own sign-in stays', async () => {
    withFedCm(() => Promise.reject(new DOMException('Error retrieving a token.', 'NetworkError')));
    const { onToken, onError } = await mounted();
    await settle();

    expect(credentialsGet).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
    expect(harness.fetch).not.toHaveBeenCalled();
  });

  it('stops asking when unmounted, and ignores an answer that comes after', async () => {
    const late: { resolve?: (value: unknown) => void } = {};
    withFedCm(
      () =>
        new Promise((resolve) => {
          late.resolve = resolve;
        }),
    );
    const { widget, onToken } = await mounted();

    widget.unmount();
    late.resolve?.({ token: 'late-code' });
    await settle();

    expect(requests()[0]?.signal.aborted).toBe(true);
    expect(harness.fetch).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
  });
});

describe('mount, where the browser has no FedCM', () => {
  it('leaves the frame to its own ways (no fedcm flag) and ignores a relayed click', async () => {
    credentialsGet = vi.fn<(options: IdentityRequest) => Promise<unknown>>();
    vi.stubGlobal('navigator', { ...navigator, credentials: { get: credentialsGet } });
    const { params, fromIframe } = await mounted();

    fromIframe(message('fedcm'));

    expect(params.has('fedcm')).toBe(false);
    expect(credentialsGet).not.toHaveBeenCalled();
  });
});
