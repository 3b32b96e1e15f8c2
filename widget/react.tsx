/**
 * `<KirishLogin clientId=... ssoOrigin=... onToken=... />`: the login widget for React partners, on
 * the same mount as the loader. Changing a callback prop does not reload the iframe; changing what
 * the authorization request is made of (client, SSO, locale, scope, autoPrompt) starts a new one.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { mount, type KirishCallbacks, type KirishLocale } from './mount.js';

export type { KirishCallbacks, KirishLocale, KirishOptions, KirishWidget } from './mount.js';
export type { KirishTokens } from './token-request.js';
export type {
  AuthorizationMessage,
  CompactMessage,
  EmbedMessage,
  ErrorMessage,
  FedCmMessage,
  IframeUrlChangeMessage,
  KirishMessage,
  ReadyMessage,
  ResizeMessage,
  RestartMessage,
  SignedInMessage,
} from './protocol.js';

export interface KirishLoginProps extends KirishCallbacks {
  clientId: string;
  /** The SSO's origin, e.g. `https://id.example.uz`: a module has no script tag to take it from. */
  ssoOrigin: string;
  locale?: KirishLocale;
  /** Space-separated scopes; `openid profile` when absent. */
  scope?: string;
  /** `false`: the browser's FedCM prompt waits for a click instead of showing on load. */
  autoPrompt?: boolean;
  /** The nonce your server made for this page and checks in the ID token (docs/partners.md); random when absent. */
  nonce?: string;
  className?: string;
  style?: CSSProperties;
}

export function KirishLogin({
  clientId,
  ssoOrigin,
  locale,
  scope,
  autoPrompt,
  nonce,
  className,
  style,
  ...callbacks
}: KirishLoginProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef<KirishCallbacks>(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  useEffect(() => {
    if (!container.current) return;
    const widget = mount(container.current, {
      clientId,
      ssoOrigin,
      locale,
      scope,
      autoPrompt,
      nonce,
      onToken: (tokens) => latest.current.onToken?.(tokens),
      onUrlChange: (url) => latest.current.onUrlChange?.(url),
      onError: (error) => latest.current.onError?.(error),
      onReady: () => latest.current.onReady?.(),
      onCompact: () => latest.current.onCompact?.(),
    });
    return () => widget.unmount();
  }, [clientId, ssoOrigin, locale, scope, autoPrompt, nonce]);

  return <div ref={container} className={className} style={style} />;
}
