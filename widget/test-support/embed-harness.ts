/**
 * What the widget's tests share: the SSO origin, a recording SSO (embed_origin and the token
 * endpoint) in place of `fetch`, a way to post a message as the iframe (or as anyone else) would,
 * and a guard that fails a test on any `console.error` it was not told to expect. Only tests import it.
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

const json = (answer: { status: number; body: unknown }) =>
  new Response(JSON.stringify(answer.body), { status: answer.status });

/** The loader's question before it frames anything (widget/mount.ts). */
export const EMBED_ORIGIN_ENDPOINT = `${SSO_ORIGIN}/sso/api/v1/oauth/embed_origin/`;

export interface EmbedHarness {
  /** The token endpoint's calls (the page's only other request). */
  fetch: Mock<typeof fetch>;
  /** The embed_origin endpoint's calls. */
  originCheck: Mock<typeof fetch>;
  /** What the token endpoint answers (TOKENS with 200 by default). */
  answer: (status: number, body: unknown) => void;
  /** What embed_origin answers (a confirmation with 200 by default). */
  answerOriginCheck: (status: number, body: unknown) => void;
  /** The console.error calls so far; a test that expects one takes them, so the guard does not fail it. */
  takeConsoleErrors: () => unknown[][];
}

/**
 * Installs the guard and the SSO in place of `fetch`: embed_origin confirms every origin and the
 * token endpoint answers TOKENS, unless told otherwise.
 */
export function useEmbedHarness(): EmbedHarness {
  let response = { status: 200, body: TOKENS as unknown };
  let originResponse = { status: 200, body: null as unknown };
  const fetchMock = vi.fn<typeof fetch>(async () => json(response));
  const originCheck = vi.fn<typeof fetch>(async (input) => {
    const asked = new URL(String(input)).searchParams;
    return json({
      ...originResponse,
      body: originResponse.body ?? { client_id: asked.get('client_id'), origin: asked.get('origin') },
    });
  });
  const router = (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith(EMBED_ORIGIN_ENDPOINT) ? originCheck(input, init) : fetchMock(input, init);
  let consoleError: Mock<typeof console.error>;
  let taken = 0;

  beforeEach(() => {
    response = { status: 200, body: TOKENS };
    originResponse = { status: 200, body: null };
    fetchMock.mockClear();
    originCheck.mockClear();
    taken = 0;
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(router));
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    const logged = consoleError.mock.calls.slice(taken);
    consoleError.mockRestore();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.replaceChildren();
    expect(logged, 'console.error calls').toEqual([]);
  });

  return {
    fetch: fetchMock,
    originCheck,
    answer: (status, body) => (response = { status, body }),
    answerOriginCheck: (status, body) => (originResponse = { status, body }),
    takeConsoleErrors: () => {
      const calls = consoleError.mock.calls.slice(taken);
      taken = consoleError.mock.calls.length;
      return calls;
    },
  };
}

/** Dispatches a `message` event on the window as a postMessage from `source` at `origin` would. */
export function post(data: unknown, source: MessageEventSource | null, origin = SSO_ORIGIN): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

export const message = <T extends object>(type: string, fields?: T) => ({ source: 'kirish', v: 1, type, ...fields });

/** A window that is not the page's: the iframe's stand-in, or some other frame. */
export const aWindow = () => ({}) as Window;

/**
 * The iframe in `container` once it is mounted (after the origin check and the PKCE challenge, both
 * asynchronous), with a stand-in `contentWindow` for its messages to come from.
 */
export async function loadedIframe(container: Element): Promise<HTMLIFrameElement & { contentWindow: Window }> {
  const iframe = await vi.waitFor(() => {
    // The frame is in the page at once, holding its place; it opens (gets its src) once the origin is confirmed.
    const mounted = container.querySelector('iframe');
    if (!mounted?.getAttribute('src')) throw new Error('no iframe was opened');
    return mounted;
  });
  expect(iframe.getAttribute('src')).toBeTruthy();
  // The stand-in records what the page posts to the frame (its `signedin` message).
  const frameWindow = Object.assign(aWindow(), { postMessage: vi.fn<(data: unknown, targetOrigin: string) => void>() });
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, value: frameWindow });
  return iframe as HTMLIFrameElement & { contentWindow: Window & { postMessage: Mock } };
}

/** Lets pending promises (a token request, its JSON) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
