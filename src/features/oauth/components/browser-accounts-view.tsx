/**
 * The accounts signed in to Kirish in this browser, inside a partner's widget (issue 21): shown once
 * the frame may read Kirish's browser cookie (Storage Access API), with the same look as the site's
 * account chooser. Choosing one signs the frame in to that session, then the usual authorization
 * (consent when the app asks for more than before) answers the partner. Loaded lazily.
 */
import { useState } from 'react';
import type { DeviceProfile } from '../../../../server/src/contract/device-profiles.js';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import RequestingApp from '../../../components/requesting-app';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { joinAccount } from '../browser-accounts';

/** `onJoined`: the frame is signed in to the chosen account; `onOther`: the sign-in form instead. */
export default function BrowserAccountsView({
  accounts,
  onJoined,
  onOther,
}: {
  accounts: DeviceProfile[];
  onJoined: () => void;
  onOther: () => void;
}) {
  const i18n = useI18n();
  const services = useServices();
  const [busy, setBusy] = useState(false);
  const choose = (uuid: string) => {
    setBusy(true);
    joinAccount(services, uuid).then(onJoined, (error: unknown) => {
      // Signed out at Kirish in the meantime, say: the sentence, and the form.
      services.showError(error);
      setBusy(false);
      onOther();
    });
  };
  return (
    <div className="stack" aria-busy={busy}>
      <RequestingApp />
      <h1>{i18n.t('choose_account')}</h1>
      <ul className="account-list">
        {accounts.map((account) => (
          <li key={account.uuid}>
            <button type="button" className="account" onClick={() => choose(account.uuid)} disabled={busy}>
              <Avatar firstName={account.first_name} lastName={account.last_name} photoUrl={account.photo ?? ''} />
              <span className="account-text">
                <span className="account-name">
                  {i18n.t('embed_continue_as', { name: `${account.first_name} ${account.last_name}` })}
                </span>
                <span className="account-contact">{account.phone ?? account.email}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onOther} disabled={busy}>
        {i18n.t('use_another_account')}
      </Button>
    </div>
  );
}
