/**
 * SPEC §2/§6: only for deactivated users. Says when the account will be erased, restores it by a
 * code to the account's own contact, or signs out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../components/button';
import { SignOutButton } from '../../components/sign-out-button';
import { ownContact } from '../../components/verification/contact';
import { useVerifiedChange } from '../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../components/verification/verified-change-flow';
import { useServices } from '../../lib/services';
import type { UserProfile } from '../../lib/session';
import { useI18n } from '../../lib/use-i18n';

/** DD.MM.YYYY of an ISO moment, as people here write dates. */
function dottedDate(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
}

function RestoreFlow({ user, onCancel }: { user: UserProfile; onCancel: () => void }) {
  const i18n = useI18n();
  const { http, config, session, navigate, toasts } = useServices();
  const own = ownContact(user);
  const model = useVerifiedChange({
    purpose: 'confirm_email_or_phone',
    contactType: own.type,
    ownContact: own,
    needsProof: false,
    submit: (requestId) => http.post<UserProfile>(`${config.ssoApi}/user/restore/`, { request_id: requestId }),
    onDone: (profile) => {
      session.replaceUser(profile);
      toasts.show('success', i18n.t('restored'), { replace: true });
      navigate('/', { replace: true });
    },
  });
  return <VerifiedChangeFlow model={model} title={i18n.t('restore_title')} submitLabel={i18n.t('restore_button')} onCancel={onCancel} />;
}

export default function DeletedAccountScreen() {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  const [restoring, setRestoring] = useState(false);
  const user = session.user.value;
  return (
    <div className="stack">
      <h1>{i18n.t('deleted_account_title')}</h1>
      <p>{i18n.t('deleted_account_text')}</p>
      {user?.erase_at ? <p>{i18n.t('deleted_account_erase_at', { date: dottedDate(user.erase_at) })}</p> : null}
      {user && restoring ? <RestoreFlow user={user} onCancel={() => setRestoring(false)} /> : null}
      {user && !restoring ? <Button onClick={() => setRestoring(true)}>{i18n.t('restore_button')}</Button> : null}
      <SignOutButton variant="secondary" />
    </div>
  );
}
