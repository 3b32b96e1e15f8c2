/**
 * The other ways in that "Try another way" lists on sign-in's second step, as data: each says which
 * contacts it serves and the words of its button. A passkey (issue 41) is one more entry here, and
 * the list shows it with no other change.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import type { IconName } from '../../../components/icon';
import type { Channel } from '../../../components/verification/code-sender';
import type { ContactType } from '../api/types';

export interface SignInWay {
  id: Channel;
  /** The contacts this way serves. */
  for: readonly ContactType[];
  label: CatalogueKey;
  icon: IconName;
}

export const SIGN_IN_WAYS: readonly SignInWay[] = [
  { id: 'sms', for: ['phone'], label: 'get_code_sms', icon: 'message' },
  { id: 'call', for: ['phone'], label: 'get_code_call', icon: 'phone' },
  { id: 'email', for: ['email'], label: 'get_code_email', icon: 'mail' },
];

/** The ways an account named by this contact can use, in the list's order. */
export function waysFor(type: ContactType, ways: readonly SignInWay[] = SIGN_IN_WAYS): SignInWay[] {
  return ways.filter((way) => way.for.includes(type));
}
