import type { CodeApi } from '../../../components/verification/contact';

export type { Contact, ContactType } from '../../../components/verification/contact';
export { contactBody } from '../../../components/verification/contact';

/** What every call of the auth feature needs: the code calls' client and bases, and v2's. */
export interface AuthApi extends CodeApi {
  ssoApiV2: string;
}
