/**
 * The page that frames this site (docs/product.md §1): after each path change the app posts
 * `{type: "iframeUrlChange", url}` to its parent — but only to the parent origin it was handed
 * (`?client_id=…&origin=…`) and only after the server has confirmed that origin is registered for
 * that client (GET /oauth/embed_origin/). postMessage then delivers only to a parent really at that
 * origin (HTML §9.3.3, targetOrigin); never "*", which would hand the URL to whatever page framed us.
 */
import type { IframeUrlChangeMessage, KirishMessage } from '../../widget/protocol';

/**
 * The query parameters a reported URL keeps. Everything else goes — tokens, codes, request ids, and
 * any parameter a later feature adds — and so does the fragment, where hand-offs carry tokens.
 */
const REPORTED_PARAMS = new Set(['language', 'client_id', 'isMobile']);

/** The URL as the parent may see it: origin, path and the harmless parameters only. */
export function reportableUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (REPORTED_PARAMS.has(name)) kept.append(name, value);
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

export interface FrameWindow {
  location: { href: string; search: string; ancestorOrigins?: { length: number; [index: number]: string } };
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  self: unknown;
  top: unknown;
}

export interface ParentFrame {
  /** The confirmed parent origin; null when not framed or not confirmed. */
  origin: Promise<string | null>;
  /** Reports the current URL to a confirmed parent; does nothing otherwise. */
  urlChanged(href: string): void;
  /** Posts a widget message to a confirmed parent; does nothing otherwise. */
  post(message: KirishMessage): void;
}

/**
 * `confirm` asks the server and resolves to the origin it confirmed (or rejects). It is called at
 * most once, and only when the site is framed and was handed both a client id and an origin.
 */
export function createParentFrame(
  win: FrameWindow,
  confirm: (clientId: string, origin: string) => Promise<string>,
): ParentFrame {
  const framed = win.parent !== null && win.top !== win.self;
  const query = new URLSearchParams(win.location.search);
  const clientId = query.get('client_id');
  const claimed = query.get('origin');
  // Where the browser says who the parent is, a parent claiming another origin is not believed.
  const ancestors = win.location.ancestorOrigins;
  const contradicted = ancestors !== undefined && ancestors.length > 0 && ancestors[0] !== claimed;

  const origin: Promise<string | null> =
    framed && clientId && claimed && !contradicted
      ? confirm(clientId, claimed).then(
          (confirmed) => (confirmed === claimed ? confirmed : null),
          () => null,
        )
      : Promise.resolve(null);

  const send = (message: KirishMessage | IframeUrlChangeMessage) =>
    void origin.then((target) => {
      if (target) win.parent?.postMessage(message, target);
    });

  return {
    origin,
    urlChanged: (href) => send({ type: 'iframeUrlChange', url: reportableUrl(href) }),
    post: send,
  };
}
