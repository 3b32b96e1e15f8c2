/**
 * The account's own main e-mail while it is unverified (given at sign-up): proven by a code sent to
 * it (POST /user/verify-email/), on the e-mail page of Security. Only a verified e-mail signs in and
 * restores the password. The code goes out when the person asks for it, not when the page opens.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { useVerifiedChange } from '../../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../../components/verification/verified-change-flow';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';

function CodeToEmail({ email, onCancel }: { email: string; onCancel: () => void }) {
  const i18n = useI18n();
  const { http, config, session, toasts, navigate } = useServices();
  const model = useVerifiedChange({
    purpose: 'email_verification',
    contactType: 'email',
    ownContact: { type: 'email', value: email },
    needsProof: false,
    submit: (requestId) => http.post<UserProfile>(`${config.ssoApi}/user/verify-email/`, { request_id: requestId }),
    onDone: (profile) => {
      session.replaceUser(profile);
      toasts.show('success', i18n.t('email_verified'), { replace: true });
      navigate('/security');
    },
  });
  return (
    <VerifiedChangeFlow
      model={model}
      title={i18n.t('email_verify_title')}
      submitLabel={i18n.t('email_verify_action')}
      onCancel={onCancel}
    />
  );
}

/** The intro, the Verify button (which sends the code) and the way to change the address instead. */
export function VerifyEmail({ email, onChangeInstead }: { email: string; onChangeInstead: () => void }) {
  useSignals();
  const i18n = useI18n();
  const [sending, setSending] = useState(false);
  return (
    <section className="panel stack">
      {/* "We'll send a code" only before it is asked for: the code step then says where it went. */}
      {sending ? null : <p>{i18n.t('email_verify_intro', { email })}</p>}
      {sending ? (
        <CodeToEmail email={email} onCancel={() => setSending(false)} />
      ) : (
        <div className="row">
          <Button onClick={() => setSending(true)}>{i18n.t('email_verify_action')}</Button>
          <Button variant="secondary" onClick={onChangeInstead}>
            {i18n.t('email_change_instead')}
          </Button>
        </div>
      )}
    </section>
  );
}
