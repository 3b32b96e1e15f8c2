/**
 * Deactivating the account, from the bottom of /security: asked twice, then proven by a code to
 * the account's own contact. A deactivated account is held on DeletedAccount, may be restored
 * there, and is erased for good after the grace period.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button';
import { OwnCodeAction } from '../../../components/verification/own-code-action';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';

export function DeactivateAccount() {
  useSignals();
  const i18n = useI18n();
  const { session, navigate } = useServices();
  const [open, setOpen] = useState(false);
  const user = session.user.value;
  if (!user) return null;
  return (
    <section className="panel danger-zone" aria-labelledby="deactivate-title">
      <h2 id="deactivate-title">{i18n.t('deactivate_title')}</h2>
      <p>{i18n.t('deactivate_text')}</p>
      {open ? (
        <OwnCodeAction
          user={user}
          path="/user/deactivate/"
          title={i18n.t('deactivate_code_title')}
          submitLabel={i18n.t('deactivate_button')}
          submitVariant="danger"
          onDone={() => navigate('/deleted-account', { replace: true })}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <ConfirmButton
          label={i18n.t('deactivate_button')}
          question={i18n.t('deactivate_confirm')}
          confirmLabel={i18n.t('deactivate_button')}
          cancelLabel={i18n.t('cancel')}
          onConfirm={() => setOpen(true)}
        />
      )}
    </section>
  );
}
