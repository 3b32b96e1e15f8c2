import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import RequestingApp from '../../../components/requesting-app';
import { useI18n } from '../../../lib/use-i18n';
import { useServices } from '../../../lib/services';
import type { SignInModel } from '../models/sign-in-model';
import { switchAccount } from '../../../lib/switch-account';
import { endSavedSession } from '../../../lib/end-saved-session';
import { chooseAccount } from '../models/choose-account';
import { AccountRow } from './account-row';

/**
 * docs/product.md §3 steps "accounts" and "logout": this device's accounts with a stored session; picking one
 * resumes it. Right after a sign-out it first says which account left.
 */
export function AccountChooser({ model }: { model: SignInModel }) {
  useSignals();
  const i18n = useI18n();
  const { session, http, config } = useServices();
  const accounts = { user: session.user, switchTo: (uuid: string) => switchAccount(session, http, uuid) };
  const forget = async (uuid: string) => {
    const refresh = session.saved(uuid);
    session.forgetSaved(uuid);
    if (refresh) await endSavedSession(http, config.ssoApi, refresh);
    if (session.activeProfiles.peek().length === 0) model.chooseAnotherAccount();
  };
  const leaving = model.step.value === 'logout' ? session.signedOut.value : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const activeId = session.user.value?.id;
  // The button that signed out is gone with its page: the focus goes to the sentence saying so.
  useEffect(() => {
    if (leaving) heading.current?.focus();
  }, [leaving]);
  return (
    <div className="stack">
      <RequestingApp />
      {leaving ? (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {i18n.t('signed_out_of', { name: `${leaving.profile.first_name} ${leaving.profile.last_name}` })}
          </h1>
          <p className="subtitle">{i18n.t('signed_out_choose')}</p>
        </>
      ) : (
        <h1>{i18n.t('choose_account')}</h1>
      )}
      <ul className="account-list">
        {session.activeProfiles.value.map((profile) => (
          <li key={profile.uuid}>
            <AccountRow
              model={model}
              profile={profile}
              active={profile.uuid === activeId}
              onChoose={() => void chooseAccount(model, accounts, profile.uuid)}
              onForget={() => forget(profile.uuid)}
            />
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => model.chooseAnotherAccount()}>
        {i18n.t('use_another_account')}
      </Button>
    </div>
  );
}

// The default export is what sign-in-flow.tsx loads lazily (a shorter import than a named one's).
export default AccountChooser;
