/**
 * Deactivating the account, from the bottom of /security: asked twice, then proven by a code to
 * the account's own contact. A deactivated account is held on DeletedAccount, may be restored
 * there, and is erased for good after the grace period.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import { ownContact } from '../../../components/verification/contact';
import { useVerifiedChange } from '../../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../../components/verification/verified-change-flow';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';

function DeactivateFlow({ user, onCancel }: { user: UserProfile; onCancel: () => void }) {
  const i18n = useI18n();
  const { http, config, session, navigate } = useServices();
  const own = ownContact(user);
  const model = useVerifiedChange({
    purpose: 'confirm_email_or_phone',
    contactType: own.type,
    ownContact: own,
    needsProof: false,
    submit: (requestId) => http.post<UserProfile>(`${config.ssoApi}/user/deactivate/`, { request_id: requestId }),
    onDone: (profile) => {
      session.replaceUser(profile);
      navigate('/deleted-account', { replace: true });
    },
  });
  return <VerifiedChangeFlow model={model} title={i18n.t('deactivate_code_title')} submitLabel={i18n.t('deactivate_button')} onCancel={onCancel} />;
}

export function DeactivateAccount() {
  useSignals();
  const i18n = useI18n();
  const { session } = useServices();
  const [open, setOpen] = useState(false);
  const user = session.user.value;
  if (!user) return null;
  return (
    <section className="panel danger-zone" aria-labelledby="deactivate-title">
      <h2 id="deactivate-title">{i18n.t('deactivate_title')}</h2>
      <p>{i18n.t('deactivate_text')}</p>
      {open ? (
        <DeactivateFlow user={user} onCancel={() => setOpen(false)} />
      ) : (
        <ConfirmButton label={i18n.t('deactivate_button')} question={i18n.t('deactivate_confirm')} confirmLabel={i18n.t('deactivate_button')} cancelLabel={i18n.t('cancel')} onConfirm={() => setOpen(true)} />
      )}
    </section>
  );
}
