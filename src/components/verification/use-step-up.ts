import { useState } from 'react';
import { createForm } from '../../lib/form';
import { unbroken } from '../../lib/format/phone';
import { useServices } from '../../lib/services';
import { ownContact, signedInCodeApi } from './own-contact';
import { createStepUp } from './step-up';

/** A step-up for the signed-in user (step-up.ts): the password, or a code to the account's own contact. */
export function useStepUp() {
  const { http, config, showError, toasts, i18n, session } = useServices();
  const [made] = useState(() => {
    const form = createForm(showError);
    const user = session.user.peek();
    const stepUp = createStepUp({
      api: signedInCodeApi(http, config.ssoApi, config.product),
      form,
      now: () => Date.now(),
      announce: (key, to) => toasts.show('success', i18n.t(key, { to: unbroken(to) }), { replace: true }),
      ...(user && (user.phone || user.email) ? { proofContact: ownContact(user) } : {}),
    });
    return { form, stepUp };
  });
  return made;
}
