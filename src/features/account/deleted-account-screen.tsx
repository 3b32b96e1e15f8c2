/**
 * docs/product.md §2/§6: only for deactivated users. Names the account, says when it will be erased, offers
 * its data to download (GET /user/export/ stays open to a deactivated account), restores it by a
 * code to the account's own contact, or signs out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { DataExport } from '../../../server/src/contract/data-export.js';
import { Button } from '../../components/button';
import { SignOutButton } from '../../components/sign-out-button';
import { OwnCodeAction } from '../../components/verification/own-code-action';
import { downloadJson } from '../../lib/download-json';
import { formatPhone } from '../../lib/format/phone';
import { useServices } from '../../lib/services';
import type { UserProfile } from '../../lib/session';
import { useI18n } from '../../lib/use-i18n';

/** DD.MM.YYYY of an ISO moment, as people here write dates. */
function dottedDate(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
}

/** The person's name (first, then last, as everywhere) and the contact they sign in with. */
function accountName(user: UserProfile): string {
  const name = [user.profile.first_name, user.profile.last_name].filter(Boolean).join(' ');
  const contact = user.phone ? formatPhone(user.phone) : (user.email ?? '');
  return [name, contact].filter(Boolean).join(' · ');
}

function DownloadData() {
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const data = await http.get<DataExport>(`${config.ssoApi}/user/export/`);
          downloadJson(data, `kirish-data-${new Date().toISOString().slice(0, 10)}.json`);
        } catch (error) {
          showError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {i18n.t('security_data_download')}
    </Button>
  );
}

export default function DeletedAccountScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, navigate, toasts } = useServices();
  const [restoring, setRestoring] = useState(false);
  const user = session.user.value;
  return (
    <div className="stack">
      <h1>{i18n.t('deleted_account_title')}</h1>
      {user ? <p className="subtitle">{i18n.t('deleted_account_whose', { name: accountName(user) })}</p> : null}
      <p>{i18n.t('deleted_account_text')}</p>
      {user?.erase_at ? <p>{i18n.t('deleted_account_erase_at', { date: dottedDate(user.erase_at) })}</p> : null}
      {user && restoring ? (
        <OwnCodeAction
          user={user}
          path="/user/restore/"
          title={i18n.t('restore_title')}
          submitLabel={i18n.t('restore_button')}
          onDone={() => {
            toasts.show('success', i18n.t('restored'), { replace: true });
            navigate('/', { replace: true });
          }}
          onCancel={() => setRestoring(false)}
        />
      ) : null}
      <div className="row">
        {user && !restoring ? <Button onClick={() => setRestoring(true)}>{i18n.t('restore_button')}</Button> : null}
        {user ? <DownloadData /> : null}
        <SignOutButton variant="secondary" />
      </div>
    </div>
  );
}
