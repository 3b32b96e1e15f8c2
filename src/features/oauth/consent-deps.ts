import { readError } from '../../lib/api-error';
import type { Services } from '../../lib/services';
import type { AuthorizationRequest } from './authorization-request';
import type { ConsentDeps, Delivery } from './models/consent-model';

/** What a consent model for `request` needs, from the site's services. */
export function consentDeps(
  services: Services,
  request: AuthorizationRequest,
  deliver: (delivery: Delivery) => void,
  signInAgain: () => void,
): ConsentDeps {
  const { http, config, i18n } = services;
  return {
    http,
    ssoApi: config.ssoApi,
    request,
    deliver,
    signInAgain,
    errorKeyOf: (error) => {
      const outcome = readError(error, (key) => i18n.has(key));
      return outcome.show === 'nothing' ? 'error_try_again' : outcome.key;
    },
  };
}
