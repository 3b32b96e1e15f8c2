import { useState } from 'react';
import { unbroken } from '../../lib/format/phone';
import { useServices } from '../../lib/services';
import { signedInCodeApi } from './own-contact';
import { createVerifiedChangeModel, type VerifiedChangeDeps } from './verified-change-model';

/** A code-proven change for the signed-in user, over the site's services ({product}-Source, no sign-in headers). */
export function useVerifiedChange(options: Omit<VerifiedChangeDeps, 'api' | 'showError' | 'now' | 'announce'>) {
  const { http, config, showError, toasts, i18n } = useServices();
  const [model] = useState(() =>
    createVerifiedChangeModel({
      ...options,
      api: signedInCodeApi(http, config.ssoApi, config.product),
      showError,
      now: () => Date.now(),
      announce: (key, to) => toasts.show('success', i18n.t(key, { to: unbroken(to) }), { replace: true }),
    }),
  );
  return model;
}
