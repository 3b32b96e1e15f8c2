/**
 * /security/user-data/reset-password/: a new password without the old one, proven by a code to the
 * account's own phone (or e-mail); other sessions may end, and the OAuth apps' sessions do unless
 * unticked (OWASP ASVS 5.0 §7.4.3).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import type { PasswordChanged, ResetPasswordRequest } from '../../../../server/src/contract/passwords.js';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { StepForm } from '../../../components/step-form';
import { ownContact } from '../../../components/verification/contact';
import { useVerifiedChange } from '../../../components/verification/use-verified-change';
import { VerifiedChangeFlow } from '../../../components/verification/verified-change-flow';
import { createForm } from '../../../lib/form';
import { checkNewPassword } from '../../../lib/new-password';
import { passwordChangedText } from '../../../lib/password-changed';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';

function CodeForNewPassword({
  user,
  password,
  end,
  onCancel,
}: {
  user: UserProfile;
  password: string;
  end: { others: boolean; apps: boolean };
  onCancel: () => void;
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
      const changed = await http.post<PasswordChanged>(`${config.ssoApi}/user/reset-password/`, body);
      toasts.show('success', passwordChangedText(i18n, 'password_changed_short', { others: changed.ended, apps: changed.ended_apps }), { replace: true });
      return user;
    },
    onDone: () => navigate('/security'),
  });
  return <VerifiedChangeFlow model={model} title={i18n.t('deactivate_code_title')} submitLabel={i18n.t('save')} onCancel={onCancel} />;
}

export default function ResetPasswordSignedInScreen() {
  useSignals();
  const i18n = useI18n();
  const { session, showError } = useServices();
  const [form] = useState(() => createForm(showError));
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [endOthers, setEndOthers] = useState(true);
  const [endApps, setEndApps] = useState(true);
  const [ready, setReady] = useState(false);
  const user = session.user.value;
  if (!user) return null;
  const errors = form.errors.value;
  const toggles = { showLabel: i18n.t('show_password'), hideLabel: i18n.t('hide_password') };
  return (
    <div className="stack narrow-form">
      <p>
        <Link href="/security">← {i18n.t('section_security')}</Link>
      </p>
      <h1>{i18n.t('reset_title')}</h1>
      <section className="panel">
        {ready ? (
          <CodeForNewPassword user={user} password={password} end={{ others: endOthers, apps: endApps }} onCancel={() => setReady(false)} />
        ) : (
          <StepForm
            onSubmit={() => {
              form.reset();
              if (checkNewPassword(form, password, again)) setReady(true);
            }}
          >
            <p>{i18n.t('reset_signed_in_intro')}</p>
            <PasswordField
              label={i18n.t('new_password_label')}
              name="new-password"
              autoComplete="new-password"
              hint={i18n.t('password_hint')}
              value={password}
              onValue={(value) => (setPassword(value), form.clearError('password'))}
              error={errors.password ? i18n.t(errors.password) : undefined}
              {...toggles}
            />
            <PasswordField
              label={i18n.t('repeat_password_label')}
              name="repeat-password"
              autoComplete="new-password"
              value={again}
              onValue={(value) => (setAgain(value), form.clearError('password_again'))}
              error={errors.password_again ? i18n.t(errors.password_again) : undefined}
              {...toggles}
            />
            <label className="checkbox">
              <input type="checkbox" checked={endOthers} onChange={(event) => setEndOthers(event.target.checked)} />
              <span>{i18n.t('security_end_other_sessions')}</span>
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={endApps} onChange={(event) => setEndApps(event.target.checked)} />
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
