/**
 * The authenticator app's setup (RFC 6238): the new secret as a QR code of its otpauth URI to scan,
 * and as text in groups of four to type, with Copy; then the app's first code (6 digits) confirms it.
 * A wrong code or a setup that has expired (10 minutes) is said beside the field; the expired one
 * offers to start again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { CodeInput } from '../../../components/code-input';
import { fieldProps } from '../../../components/field-props';
import { QrCode } from '../../../components/qr-code';
import { StepForm } from '../../../components/step-form';
import { useI18n } from '../../../lib/use-i18n';
import type { TotpSetup as Setup } from '../api/two-step-api';
import { groupSecret, TOTP_DIGITS, type TwoStepModel } from '../models/two-step-model';
import { CopyButton } from '../../../components/copy-button';

export function TotpSetup(props: {
  setup: Setup;
  model: TwoStepModel;
  onConfirmed: (how: 'on' | 'changed') => void;
  onStartAgain: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { model, setup } = props;
  const expired = model.code.error.value === 'two_step_setup_expired';
  const confirm = () =>
    void model.confirm().then((how) => {
      if (how) props.onConfirmed(how);
    });
  return (
    <section className="panel" aria-labelledby="totp-setup-title">
      <StepForm onSubmit={confirm}>
        <h2 id="totp-setup-title">{i18n.t('security_two_step_setup_title')}</h2>
        <ol className="totp-steps stack">
          <li className="stack-tight">
            <p>{i18n.t('security_two_step_setup_scan')}</p>
            <div className="totp-qr">
              <QrCode value={setup.uri} label={i18n.t('security_two_step_setup_qr_label')} size={176} />
            </div>
          </li>
          <li className="stack-tight">
            <p id="totp-secret-label">{i18n.t('security_two_step_setup_type')}</p>
            <div className="totp-secret-row">
              <code className="totp-secret" aria-labelledby="totp-secret-label">
                {groupSecret(setup.secret)}
              </code>
              <CopyButton text={setup.secret} label={i18n.t('security_two_step_copy_secret')} />
            </div>
          </li>
          <li className="stack-tight">
            <CodeInput
              label={i18n.t('security_two_step_setup_code_label')}
              length={TOTP_DIGITS}
              onComplete={confirm}
              {...fieldProps(model.code, i18n)}
            />
          </li>
        </ol>
        <div className="row">
          {expired ? (
            <Button onClick={props.onStartAgain}>{i18n.t('security_two_step_start_again')}</Button>
          ) : (
            <Button type="submit" busy={model.form.busy.value}>
              {i18n.t('security_two_step_confirm')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => model.cancel()}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}
