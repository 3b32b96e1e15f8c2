/**
 * /security/user-data/password/: a new password, proven by the old one; other sessions may end, and
 * the OAuth apps' sessions do unless unticked (OWASP ASVS 5.0 §7.4.3). The confirmation says what ended.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { LockCountdown } from '../../../components/lock-countdown';
import { PasswordField } from '../../../components/password-field';
import { StepForm } from '../../../components/step-form';
import { passwordChangedText } from '../../../lib/password-changed';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { BackToSecurity } from '../components/back-to-security';
import { securityApi } from '../api/security-api';
import { UsernameField } from '../components/username-field';
import { createChangePasswordModel } from '../models/change-password-model';

export default function ChangePasswordScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError, toasts, navigate } = useServices();
  const [model] = useState(() => createChangePasswordModel({ api: securityApi(http, config.ssoApi), showError }));
  const toggles = { showLabel: i18n.t('show_password'), hideLabel: i18n.t('hide_password') };
  return (
    <div className="stack narrow-form">
      <BackToSecurity />
      <StepForm
        onSubmit={async () => {
          const changed = await model.save();
          if (changed === undefined) return;
          toasts.show(
            'success',
            passwordChangedText(i18n, 'password_changed_short', { others: changed.ended, apps: changed.ended_apps }),
            { replace: true },
          );
          navigate('/security');
        }}
      >
        <h1>{i18n.t('security_change_password')}</h1>
        <UsernameField user={session.user.value} />
        <PasswordField
          label={i18n.t('old_password_label')}
          name="old-password"
          autoComplete="current-password"
          {...fieldProps(model.oldPassword, i18n)}
          {...toggles}
        />
        {model.oldPassword.error.value === 'too_many_attempts_login' && model.lockedUntil.value ? (
          <LockCountdown until={model.lockedUntil.value} waitKey="password_locked_in" />
        ) : null}
        <NewPasswordFields password={model.password} again={model.passwordAgain} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={model.endOthers.value}
            onChange={(event) => model.endOthers.set(event.target.checked)}
          />
          <span>{i18n.t('security_end_other_sessions')}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={model.endApps.value}
            onChange={(event) => model.endApps.set(event.target.checked)}
          />
          <span>{i18n.t('security_end_app_sessions')}</span>
        </label>
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('save')}
          </Button>
          <Link href="/security" className="button button-secondary">
            {i18n.t('cancel')}
          </Link>
        </div>
      </StepForm>
    </div>
  );
}
