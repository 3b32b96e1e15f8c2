import type { ValidationState } from '../../../../server/src/contract/validation.js';
import type { Http } from '../../../lib/http';

export type { ValidationState };

/** The identity-validation calls (docs/api.md, Identity validation). */
export function validationApi(http: Http, ssoApi: string) {
  const path = `${ssoApi}/user/validation/`;
  return {
    /** GET /user/validation/: the status with its reference, reason and expected answer. */
    state: () => http.get<ValidationState>(path),
    /** POST /user/validation/: asks for a validation; the account is then in moderation. */
    start: () => http.post<ValidationState>(path, undefined),
  };
}
