/**
 * An account action proven by a code to the account's own contact (deactivate, restore): the code
 * goes out as it opens, and the checked request_id is posted to `path`, which answers with the
 * profile as it now is.
 */
import { useServices } from '../../lib/services';
import type { UserProfile } from '../../lib/session';
import { ownContact } from './own-contact';
import { useVerifiedChange } from './use-verified-change';
import { VerifiedChangeFlow } from './verified-change-flow';

export function OwnCodeAction(props: {
  user: UserProfile;
  path: string;
  title: string;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  onDone: (profile: UserProfile) => void;
  onCancel: () => void;
}) {
  const { http, config, session } = useServices();
  const own = ownContact(props.user);
  const model = useVerifiedChange({
    purpose: 'confirm_email_or_phone',
    contactType: own.type,
    ownContact: own,
    needsProof: false,
    submit: (requestId) => http.post<UserProfile>(`${config.ssoApi}${props.path}`, { request_id: requestId }),
    onDone: (profile) => {
      session.replaceUser(profile);
      props.onDone(profile);
    },
  });
  return (
    <VerifiedChangeFlow
      model={model}
      title={props.title}
      submitLabel={props.submitLabel}
      submitVariant={props.submitVariant}
      onCancel={props.onCancel}
    />
  );
}
