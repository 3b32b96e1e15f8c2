/**
 * Mounts the Kirish login into a partner's page: an iframe onto the SSO's embed route, opened with
 * a PKCE challenge whose verifier never leaves this closure, and a message listener that trusts only
 * that iframe. The loader (script tag and `Kirish.mount`) and the React wrapper both call it.
 */
import type { Locale } from '../server/src/contract/locales.js';
import { challengeOf, randomToken } from './pkce.js';
import { PROTOCOL_SOURCE, PROTOCOL_VERSION, readMessage } from './protocol.js';
import { requestTokens, type KirishTokens } from './token-request.js';

/** One of the product's locales: the contract's list. */
export type KirishLocale = Locale;

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
  /**
   * After a sign-in (from the form, its popup or the browser's FedCM) the widget has redrawn itself
   * as a compact "Signed in as <name>" chip, about 120 px high; once per sign-in.
   */
  onCompact?: () => void;
}

export interface KirishOptions extends KirishCallbacks {
  clientId: string;
  /** The SSO's origin, e.g. `https://id.example.uz`; the loader defaults it to its own script's origin. */
  ssoOrigin?: string;
  locale?: KirishLocale;
  /** Space-separated scopes; `openid profile` when absent. */
  scope?: string;
  /**
   * Where the browser has FedCM, ask it for the person's Kirish account as soon as the widget loads
   * (its passive mode: the browser's own small "Sign in with Kirish" prompt). `false` asks only when
   * the person clicks "Continue with your Kirish account". Default `true`.
   */
  autoPrompt?: boolean;
  /**
   * The OpenID nonce (OpenID Connect Core §3.1.2.1) the ID token must carry: one your server made
   * for this page and checks when it verifies the ID token (docs/partners.md). Random when absent.
   * The loader does not verify the ID token itself; your server must.
   */
  nonce?: string;
}

export interface KirishWidget {
  /** Removes the iframe (or stops it from opening) and stops listening for its messages. */
  unmount(): void;
}

/**
 * A page may have one FedCM request at a time (W3C FedCM §4.1; the browser refuses a second): the
 * first widget of the page prompts on load, and a click replaces whatever request is pending.
 */
let pending: AbortController | undefined;
let prompted = false;

/** Inserts the login iframe into `container`, before `before` (at the end when null). */
export function mount(container: Element, options: KirishOptions, before: Node | null = null): KirishWidget {
  const { clientId, locale, scope = 'openid profile', autoPrompt = true } = options;
  // One message for both: the loader's budget (test/widget-budget.test.ts).
  if (!clientId || !options.ssoOrigin) throw new Error('Kirish: clientId and ssoOrigin needed');
  const ssoOrigin = new URL(options.ssoOrigin).origin;
  const partnerOrigin = location.origin;
  // RFC 7636 §4.1 and §7.1: the verifier stays in this closure (never in a URL, storage or a
  // message), so a code that leaks from the iframe is useless to anyone but this page.
  // "Use another account" (`restart`) makes a new request: all three fresh again.
  let verifier = randomToken();
  let state = randomToken();
  let nonce = options.nonce || randomToken();
  let redeemed = false;
  // The access token of this request's sign-in, for the frame's chip ('' before one, and after `restart`).
  let signedIn = '';
  let unmounted = false;
  let challenge = '';
  // W3C FedCM: the browser itself lists the person's Kirish accounts (no third-party cookie needed).
  const fedcm = 'IdentityCredential' in window;
  let mine: AbortController | undefined;
  // Nothing is reported once the page has unmounted the widget.
  const fail = (error: string): void => {
    if (!unmounted) options.onError?.(error);
  };

  const iframe = document.createElement('iframe');
  iframe.title = 'Kirish';
  // A passkey inside the frame (WebAuthn L3 §5.10.5: get() in a cross-origin frame needs this permission
  // policy); the server takes it only from a web origin of this client.
  iframe.allow = 'publickey-credentials-get';
  // No sandbox: the embed opens its own "continue in a popup" window.
  // 600 px: about the sign-in form, one field and Continue (literal numbers here and in `resize`: the loader's budget).
  iframe.style.cssText = `display:block;width:100%;border:0;height:600px`;
  // The frame takes its place at once, still empty (no src until the origin is confirmed): the
  // partner's page does not jump down when it opens, only by what its content differs from that.
  container.insertBefore(iframe, before);
  const refuse = (error: string): void => {
    iframe.remove();
    fail(error);
  };

  // The SSO refuses to be framed by an origin its client did not register (frame-ancestors), and
  // the browser shows its broken-frame page for that, with nothing the page can read. So the loader
  // asks first (the endpoint answers any page, without credentials) and frames only a confirmed
  // origin; a refusal becomes an error code and one console line telling the developer what to do.
  const check = new URLSearchParams({ client_id: clientId, origin: partnerOrigin });
  fetch(`${ssoOrigin}/sso/api/v1/oauth/embed_origin/?${check}`).then(
    async (response) => {
      if (response.ok) {
        // Only the status counts, but the body is read all the same: a body left unread holds its
        // request open, so the partner's page never reaches network idle (which Lighthouse and
        // some analytics wait for) and a connection stays taken.
        await response.arrayBuffer().catch(() => {});
        return challengeOf(verifier).then(open, () => refuse('pkce_unavailable'));
      }
      const body = (await response.json().catch(() => null)) as { errors?: { error?: string }[] } | null;
      const error = body?.errors?.[0]?.error ?? 'network_error';
      if (error === 'origin_not_allowed' || error === 'invalid_client') {
        const hint = `Kirish: ${error}, client ${clientId}. Add ${partnerOrigin} to the web origins of your app at ${ssoOrigin}/developers`;
        console.error(hint);
        // On a developer's page the same words also take the frame's place, for whoever never opens the
        // console. A plain-http page is always one: web origins are https except on loopback hosts
        // (docs/partners.md, Registering apps), so a site in production shows its visitors nothing.
        if (location.protocol === 'http:') iframe.replaceWith(hint);
      }
      refuse(error);
    },
    () => refuse('network_error'),
  );

  function open(computed: string): void {
    if (unmounted) return;
    challenge = computed;
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
    // docs/product.md §2: the site's query parameter for its language is `language`.
    if (locale) query.set('language', locale);
    // The frame's "Continue with your Kirish account" then asks this page to ask the browser.
    if (fedcm) query.set('fedcm', '1');
    iframe.src = `${ssoOrigin}/embed?${query}`;
    if (fedcm && autoPrompt && !prompted) {
      prompted = true;
      askBrowser('passive');
    }
  }

  /**
   * FedCM (W3C Federated Credential Management §4): the ID assertion Kirish returns is an
   * authorization code bound to this page's origin, the nonce and this page's PKCE challenge, so it
   * is redeemed exactly as the iframe's code. `active` needs the click the frame relays (user
   * activation reaches the frames above the one clicked: HTML §6.4.3).
   */
  function askBrowser(mode: 'passive' | 'active'): void {
    pending?.abort();
    const controller = (mine = pending = new AbortController());
    const params = { code_challenge: challenge, code_challenge_method: 'S256', scope, nonce };
    const provider = { configURL: `${ssoOrigin}/sso/api/v1/fedcm/config.json`, clientId, params };
    navigator.credentials
      .get({
        // `mediation` left at its default, "optional" (Credential Management L1 §2.3.1): the loader's budget.
        identity: { providers: [provider], mode },
        signal: controller.signal,
      } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as { token?: string } | null)?.token;
        if (code && !unmounted) spend(code);
      })
      // Dismissed, nobody signed in, or FedCM turned off: the frame's own sign-in stays.
      .catch(() => {});
  }

  // A code is single use (RFC 6749 §4.1.2): a repeated message must not spend it twice.
  function spend(code: string): void {
    if (redeemed) return;
    redeemed = true;
    void redeem(code);
  }

  async function redeem(code: string): Promise<void> {
    const result = await requestTokens(ssoOrigin, {
      code,
      redirect_uri: partnerOrigin,
      client_id: clientId,
      code_verifier: verifier,
    });
    if (!('tokens' in result)) return fail(result.error);
    options.onToken?.(result.tokens);
    signedIn = result.tokens.access_token;
    tell();
  }

  /**
   * The frame draws "Signed in as <name>" from the token, whichever way the code came; to the SSO's
   * origin only (HTML §9.3.3 targetOrigin), the server that issued it. Told again with each `resize`:
   * a FedCM sign-in can end before the frame's page listens, and the frame's first `resize` comes
   * from the code that listens (src/features/oauth/partner-tokens.ts).
   */
  function tell(): void {
    if (signedIn)
      iframe.contentWindow?.postMessage(
        { source: PROTOCOL_SOURCE, v: PROTOCOL_VERSION, type: 'signedin', access_token: signedIn },
        ssoOrigin,
      );
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
        // Within 120 px (the compact chip) and 2000 px.
        iframe.style.height = `${Math.min(2000, Math.max(120, Math.round(message.height)))}px`;
        return tell();
      case 'iframeUrlChange':
        return options.onUrlChange?.(message.url);
      case 'error':
        return fail(message.error);
      case 'authorization':
        // RFC 6749 §10.12: an answer to a request this page did not make is refused.
        if (message.state !== state) return fail('state_mismatch');
        return spend(message.code);
      case 'fedcm':
        if (fedcm) askBrowser('active');
        return;
      case 'compact':
        return options.onCompact?.();
      case 'restart':
        verifier = randomToken();
        state = randomToken();
        nonce = options.nonce || randomToken();
        redeemed = false;
        signedIn = '';
        void challengeOf(verifier).then(open);
    }
  }

  window.addEventListener('message', onMessage);
  return {
    unmount() {
      unmounted = true;
      mine?.abort();
      window.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
