/**
 * The pending-user confirmation (docs/product.md §2 step 4, §3 `userUUID`, §4): an account a provider made has
 * no phone; Home with `confirmType=phone` asks for one, proven by a code of section `social_login`, then
 * POST /SocialAuth/ConfirmPhone/ puts it on the account. A phone that is another account's is refused
 * (`user_exists_with_phone_phone`) before a code is sent (the code sender puts it on the phone field), or by
 * ConfirmPhone if it was taken meanwhile, and said beside the phone field, where it was typed.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { errorKeyOf } from '../../../lib/api-error';
import type { ShowError } from '../../../lib/form';
import type { UserProfile } from '../../../lib/session';
import type { CodeApi } from '../../../components/verification/contact';
import {
  createVerifiedChangeModel,
  type VerifiedChangeModel,
} from '../../../components/verification/verified-change-model';

export const SOCIAL_LOGIN_PURPOSE = 'social_login';

export interface ConfirmPhoneDeps {
  api: CodeApi;
  showError: ShowError;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  /** POST /SocialAuth/ConfirmPhone/. */
  confirmPhone: (phone: string, requestId: string) => Promise<unknown>;
  /** The profile as it now is (with its phone). */
  reload: () => Promise<UserProfile>;
  onDone: (profile: UserProfile) => void;
}

export function createConfirmPhoneModel(deps: ConfirmPhoneDeps): VerifiedChangeModel {
  let taken = false;
  const change: VerifiedChangeModel = createVerifiedChangeModel({
    ...deps,
    purpose: SOCIAL_LOGIN_PURPOSE,
    contactType: 'phone',
    needsProof: false,
    submit: async (requestId) => {
      try {
        await deps.confirmPhone(change.codes.sentTo.peek()?.value ?? '', requestId);
      } catch (error) {
        taken = errorKeyOf((error as { data?: unknown } | null)?.data)?.key === 'user_exists_with_phone_phone';
        throw error;
      }
      return deps.reload();
    },
    onDone: deps.onDone,
  });
  return {
    ...change,
    async confirm(): Promise<void> {
      taken = false;
      await change.confirm();
      if (!taken) return;
      change.back();
      change.form.setError('phone', 'user_exists_with_phone_phone');
    },
  };
}
