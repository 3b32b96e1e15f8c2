/**
 * /security/user-data/reset-password/: a new password without the old one, proven by a code to the
 * account's own phone (or e-mail); other sessions may end, and the OAuth apps' sessions do unless
 * unticked (OWASP ASVS 5.0 §7.4.3).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { PasswordChanged, ResetPasswordRequest } from '../../../../server/src/contract/passwords.js';
import { Button } from '../../../components/button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { StepForm } from '../../../components/step-form';
import { ownContact } from '../../../components/verification/own-contact';
import { useVerifiedChange } from '../../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../../components/verification/verified-change-flow';
import { errorKeyOf } from '../../../lib/api-error';
import { createForm } from '../../../lib/form';
import { checkNewPassword } from '../../../lib/new-password';
import { passwordChangedText } from '../../../lib/password-changed';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { BackToSecurity } from '../components/back-to-security';
import { UsernameField } from '../components/username-field';

function CodeForNewPassword({
  user,
  password,
  end,
  onCancel,
  onSamePassword,
}: {
  user: UserProfile;
  password: string;
  end: { others: boolean; apps: boolean };
  onCancel: () => void;
  /** The server refused the account's current password: back to the step where it was typed. */
  onSamePassword: () => void;
}) {
  const i18n = useI18n();
  const { http, config, toasts, navigate } = useServices();
  const own = ownContact(user);
  const model = useVerifiedChange({
    purpose: 'forget_pass_verification',
    contactType: own.type,
    ownContact: own,
    needsProof: false,
    submit: async (requestId) => {
      const body: Required<ResetPasswordRequest> = {
        request_id: requestId,
        new_password: password,
        end_other_sessions: end.others,
        end_app_sessions: end.apps,
      };
      const changed = await http
        .post<PasswordChanged>(`${config.ssoApi}/user/reset-password/`, body)
        .catch((error: unknown) => {
          if (errorKeyOf((error as { data?: unknown } | null)?.data)?.key === 'same_password') onSamePassword();
          throw error;
        });
      toasts.show(
        'success',
        passwordChangedText(i18n, 'password_changed_short', { others: changed.ended, apps: changed.ended_apps }),
        { replace: true },
      );
      return user;
    },
    onDone: () => navigate('/security'),
  });
  return (
    <VerifiedChangeFlow
      model={model}
      title={i18n.t('deactivate_code_title')}
      submitLabel={i18n.t('save')}
      onCancel={onCancel}
    />
  );
}

export default function ResetPasswordSignedInScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, showError } = useServices();
  const [form] = useState(() => createForm(showError));
  const [fields] = useState(() => ({
    password: form.field('password', ''),
    again: form.field('password_again', ''),
    endOthers: form.field('end_other_sessions', true),
    endApps: form.field('end_app_sessions', true),
  }));
  const [ready, setReady] = useState(false);
  const user = session.user.value;
  if (!user) return null;
  const { password, again, endOthers, endApps } = fields;
  return (
    <div className="stack narrow-form">
      <BackToSecurity />
      <h1>{i18n.t('reset_title')}</h1>
      <section className="panel">
        {ready ? (
          <CodeForNewPassword
            user={user}
            password={password.value}
            end={{ others: endOthers.value, apps: endApps.value }}
            onCancel={() => setReady(false)}
            onSamePassword={() => {
              setReady(false);
              form.setError('password', 'same_password');
            }}
          />
        ) : (
          <StepForm
            onSubmit={() => {
              form.reset();
              if (checkNewPassword(form, password.value, again.value)) setReady(true);
            }}
          >
            <p>{i18n.t('reset_signed_in_intro')}</p>
            <UsernameField user={user} />
            <NewPasswordFields password={password} again={again} />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={endOthers.value}
                onChange={(event) => endOthers.set(event.target.checked)}
              />
              <span>{i18n.t('security_end_other_sessions')}</span>
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={endApps.value} onChange={(event) => endApps.set(event.target.checked)} />
              <span>{i18n.t('security_end_app_sessions')}</span>
            </label>
            <div>
              <Button type="submit">{i18n.t('continue')}</Button>
            </div>
          </StepForm>
        )}
      </section>
    </div>
  );
}
