/** Section 2: the same sign-in through the React wrapper (its FedCM prompt waits for a click: box 1 shows it on load). */
import { createRoot } from 'react-dom/client';
import { KirishLogin, type KirishTokens } from '../widget/react';
import { log } from './log';
import { CLIENT_ID, SSO_ORIGIN } from './sso';

export function mountReactWidget(
  element: HTMLElement,
  nonce: string,
  onToken: (tokens: KirishTokens, source: string) => void,
): void {
  createRoot(element).render(
    <KirishLogin
      clientId={CLIENT_ID}
      ssoOrigin={SSO_ORIGIN}
      scope="openid profile phone"
      // Box 1 already asks the browser for the person's Kirish account on load; one prompt is enough.
      autoPrompt={false}
      // The nonce the ID token must carry, checked when it is verified (verify-id-token.ts).
      nonce={nonce}
      onReady={() => log('react', 'ready')}
      onUrlChange={(url) => log('react', `iframeUrlChange ${url}`)}
      onError={(error) => log('react', `error ${error}`)}
      onToken={(tokens) => onToken(tokens, 'react')}
      onCompact={() => log('react', 'compact: the widget shows who is signed in')}
    />,
  );
}
