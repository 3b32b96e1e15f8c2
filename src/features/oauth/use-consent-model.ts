import { useState } from 'react';
import { readError } from '../../lib/api-error';
import { useServices } from '../../lib/services';
import type { AuthorizationRequest } from './authorization-request';
import { createConsentModel, type Delivery } from './models/consent-model';

/** A consent model for `request`, with the site's client and error reading. */
export function useConsentModel(request: AuthorizationRequest, deliver: (delivery: Delivery) => void) {
  const { http, config, i18n } = useServices();
  const [model] = useState(() =>
    createConsentModel({
      http,
      ssoApi: config.ssoApi,
      request,
      deliver,
      errorKeyOf: (error) => {
        const outcome = readError(error, (key) => i18n.has(key));
        return outcome.show === 'nothing' ? 'error_try_again' : outcome.key;
      },
    }),
  );
  return model;
}
