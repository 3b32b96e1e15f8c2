/**
 * Bozor, the demo shop: Kirish sign-in three ways — the script tag, the React component and the
 * redirect — and a live log of what the widget says. After any of them it shows the user's name,
 * read from Kirish's userinfo with the access token it got.
 */
import { describeTokens, log, showSignedIn } from './log';
import { mountReactWidget } from './react-demo';
import { finishRedirectSignIn, startRedirectSignIn } from './redirect-sign-in';
import { mountShop } from './shop';
import { displayName, fetchUserInfo } from './sso';
import { newNonce, verifyIdToken } from './verify-id-token';

/** The nonce each box asked for: box 1's is in its script tag (a real partner's server writes a fresh one per page). */
const nonces: Record<string, string> = {
  'script tag': document.querySelector<HTMLScriptElement>('#script-tag-widget script[data-nonce]')?.dataset.nonce ?? '',
  react: newNonce(),
};

async function signedIn(tokens: Record<string, unknown>, source: string): Promise<void> {
  log(source, describeTokens(tokens));
  // The widget hands over an ID token it has not verified: a partner verifies it (on its server) before trusting `sub`.
  if (typeof tokens.id_token === 'string') {
    try {
      const claims = await verifyIdToken(tokens.id_token, nonces[source] ?? '');
      log(source, `ID token verified (signature, iss, aud, exp, nonce) for sub ${String(claims.sub)}`);
    } catch (error) {
      log(source, `ID token refused: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
  }
  try {
    const info = await fetchUserInfo(String(tokens.access_token));
    log(source, `userinfo: ${JSON.stringify(info)}`);
    showSignedIn(displayName(info));
  } catch (error) {
    log(source, `userinfo failed: ${String(error)}`);
  }
}

// 1. The script tag's events, on its container.
const scriptTagBox = document.getElementById('script-tag-widget');
scriptTagBox?.addEventListener('kirish:ready', () => log('script tag', 'ready'));
scriptTagBox?.addEventListener('kirish:urlchange', (event) =>
  log('script tag', `iframeUrlChange ${String((event as CustomEvent).detail)}`),
);
scriptTagBox?.addEventListener('kirish:error', (event) =>
  log('script tag', `error ${String((event as CustomEvent).detail)}`),
);
// After a sign-in the widget redraws itself as a compact "Signed in as …" chip and says so.
scriptTagBox?.addEventListener('kirish:compact', () => log('script tag', 'compact: the widget shows who is signed in'));
scriptTagBox?.addEventListener(
  'kirish:token',
  (event) => void signedIn((event as CustomEvent<Record<string, unknown>>).detail, 'script tag'),
);

// 2. The React component.
const reactBox = document.getElementById('react-widget');
if (reactBox)
  mountReactWidget(
    reactBox,
    nonces.react ?? '',
    (tokens, source) => void signedIn(tokens as unknown as Record<string, unknown>, source),
  );

// 4. Buy: a bill from the shop's server, paid on Kirish (shop.ts).
mountShop();

// 3. The redirect.
document.getElementById('redirect-sign-in')?.addEventListener('click', () => {
  startRedirectSignIn().catch((error: unknown) => log('redirect', `could not start: ${String(error)}`));
});
document.getElementById('sign-out')?.addEventListener('click', () => {
  showSignedIn(null);
  log('page', 'signed out of Bozor (the Kirish session stays)');
});

if (location.pathname === '/callback') {
  finishRedirectSignIn((text) => log('redirect', text))
    .then((result) => {
      history.replaceState(null, '', '/');
      if (!result) return showSignedIn(null);
      log('redirect', `userinfo: ${result.name}`);
      showSignedIn(result.name);
    })
    .catch((error: unknown) => {
      history.replaceState(null, '', '/');
      log('redirect', `failed: ${String(error)}`);
    });
}
