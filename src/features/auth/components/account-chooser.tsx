import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import RequestingApp from '../../../components/requesting-app';
import { useI18n } from '../../../lib/use-i18n';
import { useServices } from '../../../lib/services';
import type { SignInModel } from '../models/sign-in-model';

/**
 * SPEC §3 steps "accounts" and "logout": this device's accounts with a stored session; picking one
 * resumes it. Right after a sign-out it first says which account left.
 */
export function AccountChooser({ model }: { model: SignInModel }) {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  const leaving = model.step.value === 'logout' ? session.signedOut.value : null;
  const heading = useRef<HTMLHeadingElement>(null);
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
            <button type="button" className="account" onClick={() => void model.chooseAccount(profile.uuid)} disabled={model.form.busy.value}>
              <span className="avatar" aria-hidden="true">
                {(profile.first_name[0] ?? '') + (profile.last_name[0] ?? '')}
              </span>
              <span className="account-text">
                <span className="account-name">
                  {profile.first_name} {profile.last_name}
                </span>
                <span className="account-contact">{profile.phone ?? profile.email}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => model.chooseAnotherAccount()}>
        {i18n.t('use_another_account')}
      </Button>
    </div>
  );
}
