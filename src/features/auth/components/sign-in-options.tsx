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
import { ProviderMark, providerName } from '../../../components/provider-mark';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { offeredProviders, startSocial } from '../api/social';
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
export default function SocialRow({ go = (url: string) => location.assign(url) }: { go?: (url: string) => void }) {
  useSignals();
  const api = useAuthApi();
  const { showError } = useServices();
  const [providers, setProviders] = useState<readonly SocialProvider[]>([]);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
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
    <SignInOptions
      providers={providers}
      busy={busy}
      onPick={(provider) => {
        setBusy(provider);
        startSocial(api, provider).then(go, (error: unknown) => {
          showError(error);
          setBusy(null);
        });
      }}
    />
  );
}
