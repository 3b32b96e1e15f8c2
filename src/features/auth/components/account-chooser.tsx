import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';
import { useServices } from '../../../lib/services';
import type { SignInModel } from '../models/sign-in-model';

/** SPEC §3 step "accounts": this device's accounts with a stored session; picking one resumes it. */
export function AccountChooser({ model }: { model: SignInModel }) {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  return (
    <div className="stack">
      <h1>{i18n.t('choose_account')}</h1>
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
