/**
 * Mounts the Kirish login into a partner's page: an iframe onto the SSO's embed route, opened with
 * a PKCE challenge whose verifier never leaves this closure, and a message listener that trusts only
 * that iframe. The loader (script tag and `Kirish.mount`) and the React wrapper both call it.
 */
import { challengeOf, randomToken } from './pkce.js';
import { readMessage } from './protocol.js';
import { requestTokens, type KirishTokens } from './token-request.js';

export type KirishLocale = 'uz' | 'uzc' | 'kaa' | 'ru' | 'en';

export interface KirishCallbacks {
  /** The tokens from the token endpoint, after the code was redeemed with this page's verifier. */
  onToken?: (tokens: KirishTokens) => void;
  /** The embedded app's URL after each path change (tokens stripped by the SSO). */
  onUrlChange?: (url: string) => void;
  /**
   * A stable error code: `origin_not_allowed` or `invalid_client` (this page's origin is not a web
   * origin of the client, or no such client: no iframe is opened), the embed's, the token
   * endpoint's, `state_mismatch`, `pkce_unavailable` or `network_error` (docs/partners.md lists them).
   */
  onError?: (error: string) => void;
  onReady?: () => void;
}

export interface KirishOptions extends KirishCallbacks {
  clientId: string;
  /** The SSO's origin, e.g. `https://id.example.uz`; the loader defaults it to its own script's origin. */
  ssoOrigin?: string;
  locale?: KirishLocale;
  /** Space-separated scopes; `openid profile` when absent. */
  scope?: string;
}

export interface KirishWidget {
  /** Removes the iframe (or stops it from opening) and stops listening for its messages. */
  unmount(): void;
}

const INITIAL_HEIGHT_PX = 480;
const MIN_HEIGHT_PX = 120;
const MAX_HEIGHT_PX = 2000;

/** Inserts the login iframe into `container`, before `before` (at the end when null). */
export function mount(container: Element, options: KirishOptions, before: Node | null = null): KirishWidget {
  const { clientId, locale, scope = 'openid profile' } = options;
  if (!clientId) throw new Error('Kirish: clientId is required');
  if (!options.ssoOrigin) throw new Error('Kirish: ssoOrigin is required');
  const ssoOrigin = new URL(options.ssoOrigin).origin;
  const partnerOrigin = location.origin;
  // RFC 7636 §4.1 and §7.1: the verifier stays in this closure (never in a URL, storage or a
  // message), so a code that leaks from the iframe is useless to anyone but this page.
  const verifier = randomToken();
  const state = randomToken();
  const nonce = randomToken();
  let redeemed = false;
  let unmounted = false;
  // Nothing is reported once the page has unmounted the widget.
  const fail = (error: string): void => {
    if (!unmounted) options.onError?.(error);
  };

  const iframe = document.createElement('iframe');
  iframe.title = 'Kirish';
  // No sandbox: the embed opens its own "continue in a popup" window.
  iframe.style.cssText = `display:block;width:100%;border:0;height:${INITIAL_HEIGHT_PX}px`;

  // The SSO refuses to be framed by an origin its client did not register (frame-ancestors), and
  // the browser shows its broken-frame page for that, with nothing the page can read. So the loader
  // asks first (the endpoint answers any page, without credentials) and frames only a confirmed
  // origin; a refusal becomes an error code and one console line telling the developer what to do.
  const check = new URLSearchParams({ client_id: clientId, origin: partnerOrigin });
  fetch(`${ssoOrigin}/sso/api/v1/oauth/embed_origin/?${check}`).then(
    async (response) => {
      if (response.ok) return challengeOf(verifier).then(open, () => fail('pkce_unavailable'));
      const body = (await response.json().catch(() => null)) as { errors?: { error?: string }[] } | null;
      const error = body?.errors?.[0]?.error ?? 'network_error';
      if (error === 'origin_not_allowed' || error === 'invalid_client') {
        console.error(
          `Kirish: ${error}: client "${clientId}" does not allow the origin ${partnerOrigin}. Add ${partnerOrigin} to the web origins of your app at ${ssoOrigin}/developers`,
        );
      }
      fail(error);
    },
    () => fail('network_error'),
  );

  function open(challenge: string): void {
    if (unmounted) return;
    const query = new URLSearchParams({
      client_id: clientId,
      origin: partnerOrigin,
      redirect_uri: partnerOrigin,
      response_type: 'code',
      response_mode: 'web_message',
      scope,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // SPEC §2: the site's query parameter for its language is `language`.
    if (locale) query.set('language', locale);
    iframe.src = `${ssoOrigin}/embed?${query}`;
    container.insertBefore(iframe, before);
  }

  async function redeem(code: string): Promise<void> {
    const result = await requestTokens(ssoOrigin, { code, redirect_uri: partnerOrigin, client_id: clientId, code_verifier: verifier });
    if ('tokens' in result) options.onToken?.(result.tokens);
    else fail(result.error);
  }

  function onMessage(event: MessageEvent): void {
    // HTML §9.3.2 (cross-document messaging, security): any window may post to this one, so a
    // message counts only from the SSO's origin and from this very iframe, not from another frame
    // of that origin. A detached iframe has no window, and a null source must not match it.
    const frame = iframe.contentWindow;
    if (!frame || event.source !== frame || event.origin !== ssoOrigin) return;
    const message = readMessage(event.data);
    switch (message?.type) {
      case 'ready':
        return options.onReady?.();
      case 'resize':
        iframe.style.height = `${Math.min(MAX_HEIGHT_PX, Math.max(MIN_HEIGHT_PX, Math.round(message.height)))}px`;
        return;
      case 'iframeUrlChange':
        return options.onUrlChange?.(message.url);
      case 'error':
        return fail(message.error);
      case 'authorization':
        // RFC 6749 §10.12: an answer to a request this page did not make is refused.
        if (message.state !== state) return fail('state_mismatch');
        // A code is single use (RFC 6749 §4.1.2): a repeated message must not spend it twice.
        if (redeemed) return;
        redeemed = true;
        void redeem(message.code);
    }
  }

  window.addEventListener('message', onMessage);
  return {
    unmount() {
      unmounted = true;
      window.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
