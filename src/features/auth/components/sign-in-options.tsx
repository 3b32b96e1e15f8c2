/**
 * Under the sign-in card (Login and Register): the providers the server offers (GET
 * /SocialAuth/providers/, asked once for the page's life), behind an "or" divider, each a button with
 * its mark, named "Continue with Google". Nothing at all while none is known: no empty divider, and
 * no space kept, so the card never moves (the row only ever appears below it). Loaded after the card
 * (route-view.tsx): the sign-in page's budget pays nothing for it (test/budget.test.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { SocialProvider } from '../../../../server/src/contract/social.js';
import type { AccountTokenPair } from '../../../../server/src/contract/tokens.js';
import { ProviderMark, providerName } from '../../../components/provider-mark';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { offeredProviders, startSocial } from '../api/social';
import { openProviderPopup } from '../social-popup';
import { useAuthApi } from '../use-auth-api';

export function SignInOptions({
  providers,
  busy,
  onPick,
}: {
  providers: readonly SocialProvider[];
  /** The provider whose flow is starting: its button says so, and no other starts meanwhile. */
  busy: SocialProvider | null;
  onPick: (provider: SocialProvider) => void;
}) {
  const i18n = useI18n();
  if (providers.length === 0) return null;
  return (
    <nav className="sign-in-options" aria-label={i18n.t('sign_in_providers')}>
      <p className="or">{i18n.t('or')}</p>
      <ul>
        {providers.map((provider) => (
          <li key={provider}>
            {/* aria-disabled, not disabled: a disabled button drops the focus, which must stay on it. */}
            <button
              type="button"
              className="button button-secondary provider-button"
              aria-busy={busy === provider || undefined}
              aria-disabled={busy !== null || undefined}
              onClick={() => {
                if (busy === null) onPick(provider);
              }}
            >
              {busy === provider ? (
                <span className="spinner" aria-hidden="true" />
              ) : (
                <ProviderMark provider={provider} />
              )}
              <span>{i18n.t('social_continue_with', { provider: providerName(provider) })}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The row with its data: the offered providers, and starting one's flow (then off to the provider). */
export default function SocialRow({
  go = (url: string) => location.assign(url),
  onSignedIn,
}: {
  go?: (url: string) => void;
  /**
   * Given inside a partner's widget frame (and its popup): the provider runs in a window of its own, which
   * hands the session back (social-popup.ts), and the frame goes on as after any sign-in in it.
   */
  onSignedIn?: (response: null, save: boolean) => Promise<void>;
}) {
  useSignals();
  const api = useAuthApi();
  const { showError, session } = useServices();
  const i18n = useI18n();
  const [providers, setProviders] = useState<readonly SocialProvider[]>([]);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  // The browser blocked the provider's window: the row says so, and the next press opens it (its own activation).
  const [blocked, setBlocked] = useState(false);
  // Back from the provider's page, the browser may show this page as it was left (its back-forward
  // cache, HTML §7.4.6.3 "pageshow" with persisted): the button is ready again, not still busy.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    addEventListener('pageshow', ready);
    return () => removeEventListener('pageshow', ready);
  }, []);
  useEffect(() => {
    let live = true;
    void offeredProviders(api).then((offered) => {
      if (live) setProviders(offered);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <>
      <SignInOptions
        providers={providers}
        busy={busy}
        onPick={(provider) => {
          if (onSignedIn) {
            const signedIn = (pair: AccountTokenPair) =>
              void session.signIn(pair, true).then(() => onSignedIn(null, true), showError);
            setBlocked(!openProviderPopup(provider, signedIn));
            return;
          }
          setBusy(provider);
          startSocial(api, provider).then(go, (error: unknown) => {
            showError(error);
            setBusy(null);
          });
        }}
      />
      {blocked ? (
        <p className="notice" role="alert">
          {i18n.t('embed_popup_refused')}
        </p>
      ) : null}
    </>
  );
}
