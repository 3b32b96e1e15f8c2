/**
 * SPEC §2/§6: only for deactivated users. Says when the account will be erased, restores it by a
 * code to the account's own contact, or signs out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../components/button';
import { SignOutButton } from '../../components/sign-out-button';
import { OwnCodeAction } from '../../components/verification/own-code-action';
import { useServices } from '../../lib/services';
import { useI18n } from '../../lib/use-i18n';

/** DD.MM.YYYY of an ISO moment, as people here write dates. */
function dottedDate(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
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
      {user && !restoring ? <Button onClick={() => setRestoring(true)}>{i18n.t('restore_button')}</Button> : null}
      <SignOutButton variant="secondary" />
    </div>
  );
}
