/**
 * What the widget's tests share: the SSO origin, a recording token endpoint in place of `fetch`, a
 * way to post a message as the iframe (or as anyone else) would, and a guard that fails a test on
 * any `console.error`. Only tests import it.
 *
 * happy-dom does not load iframe pages (it says so on stderr, past the console this guard sees), so
 * an iframe's `contentWindow` is null there; `loadedIframe` gives it a stand-in window to post from.
 */
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';

export const SSO_ORIGIN = 'http://sso.test';
export const TOKEN_ENDPOINT = `${SSO_ORIGIN}/sso/api/v1/oauth/token/`;
export const TOKENS = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'refresh-1',
  id_token: 'id-1',
  scope: 'openid profile',
};

/** Installs the guard and a token endpoint that answers `answer()` (TOKENS with 200 by default). */
export function useEmbedHarness(): { fetch: Mock<typeof fetch>; answer: (status: number, body: unknown) => void } {
  let response = { status: 200, body: TOKENS as unknown };
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(response.body), { status: response.status }));
  let consoleError: Mock<typeof console.error>;

  beforeEach(() => {
    response = { status: 200, body: TOKENS };
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    const logged = consoleError.mock.calls;
    consoleError.mockRestore();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.replaceChildren();
    expect(logged, 'console.error calls').toEqual([]);
  });

  return { fetch: fetchMock, answer: (status, body) => (response = { status, body }) };
}

/** Dispatches a `message` event on the window as a postMessage from `source` at `origin` would. */
export function post(data: unknown, source: MessageEventSource | null, origin = SSO_ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

export const message = <T extends object>(type: string, fields?: T) => ({ source: 'kirish', v: 1, type, ...fields });

/** A window that is not the page's: the iframe's stand-in, or some other frame. */
export const aWindow = () => ({}) as Window;

/**
 * The iframe in `container` once its embed URL is set (the PKCE challenge is computed
 * asynchronously), with a stand-in `contentWindow` for its messages to come from.
 */
export async function loadedIframe(container: Element): Promise<HTMLIFrameElement & { contentWindow: Window }> {
  const iframe = container.querySelector('iframe');
  if (!iframe) throw new Error('no iframe was mounted');
  await vi.waitFor(() => expect(iframe.getAttribute('src')).toBeTruthy());
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, value: aWindow() });
  return iframe as HTMLIFrameElement & { contentWindow: Window };
}

/** Lets pending promises (a token request, its JSON) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
