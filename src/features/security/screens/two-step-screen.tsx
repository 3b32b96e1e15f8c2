/**
 * /security/two-step/: two-step verification (issue 41). Off: what it is and "Turn on" (a fresh proof,
 * then the authenticator app's setup, then the 10 recovery codes shown once). On: the status, the
 * recovery codes left (a warning at 3 or fewer), "Change authenticator app" (the same setup, the codes
 * stay), "New recovery codes" (a proof, shown once) and "Turn off" (a question, then a proof). Every
 * change takes a fresh step-up proof (docs/api.md, Two-step verification).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { twoStepApi } from '../api/two-step-api';
import { BackToSecurity } from '../components/back-to-security';
import { ConfirmRow } from '../components/confirm-row';
import { ProofPanel } from '../components/proof-panel';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpSetup } from '../components/totp-setup';
import { createTwoStepModel, FEW_RECOVERY_CODES, type TwoStepModel } from '../models/two-step-model';

/** The change waiting for its proof. */
type Pending = 'on' | 'change' | 'codes' | 'off' | null;

function Status({ model, onChange }: { model: TwoStepModel; onChange: (pending: Pending) => void }) {
  useSignals();
  const i18n = useI18n();
  const [askingOff, setAskingOff] = useState(false);
  const status = model.status.value;
  if (!status) return null;
  // The app's row, on or off: what the page is about, first.
  const appRow = (
    <Row
      icon="shield"
      label={i18n.t('security_two_step_app')}
      detail={i18n.t(status.enabled ? 'security_two_step_on_text' : 'security_two_step_off_text')}
      badge={
        <span className={`badge ${status.enabled ? 'badge-verified' : 'badge-muted'}`}>
          {i18n.t(status.enabled ? 'login_method_on' : 'login_method_off')}
        </span>
      }
    />
  );
  if (!status.enabled)
    return (
      <div className="stack">
        <RowList id="two-step-status">{appRow}</RowList>
        <div>
          <Button onClick={() => onChange('on')}>{i18n.t('security_two_step_turn_on')}</Button>
        </div>
      </div>
    );
  const left = status.recovery_codes_left;
  const few = left <= FEW_RECOVERY_CODES;
  return (
    <div className="stack">
      <RowList id="two-step-status">
        {appRow}
        <Row
          icon="lock"
          label={i18n.t('security_two_step_codes_left_label')}
          value={i18n.t('security_two_step_codes_left', { n: String(left) })}
          badge={few ? <span className="badge badge-warning">{i18n.t('security_two_step_codes_few')}</span> : null}
        />
        {askingOff ? (
          <ConfirmRow
            question={i18n.t('security_two_step_off_confirm')}
            confirmLabel={i18n.t('security_two_step_turn_off')}
            onCancel={() => setAskingOff(false)}
            onConfirm={() => {
              setAskingOff(false);
              onChange('off');
            }}
          />
        ) : null}
      </RowList>
      {few ? <p className="field-hint">{i18n.t('security_two_step_codes_few_text')}</p> : null}
      <div className="row">
        <Button variant="secondary" onClick={() => onChange('change')}>
          {i18n.t('security_two_step_change_app')}
        </Button>
        <Button variant="secondary" onClick={() => onChange('codes')}>
          {i18n.t('security_two_step_new_codes')}
        </Button>
        <Button variant="danger" aria-expanded={askingOff} onClick={() => setAskingOff(!askingOff)}>
          {i18n.t('security_two_step_turn_off')}
        </Button>
      </div>
    </div>
  );
}

const PROOF_TEXT = {
  on: ['security_two_step_on_context', 'security_two_step_turn_on'],
  change: ['security_two_step_change_context', 'security_two_step_change_app'],
  codes: ['security_two_step_codes_context', 'security_two_step_new_codes'],
  off: ['security_two_step_off_confirm', 'security_two_step_turn_off'],
} as const;

export default function TwoStepScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() => createTwoStepModel({ api: twoStepApi(http, config.ssoApi), showError }));
  const [pending, setPending] = useState<Pending>(null);
  /** The codes on the page came with turning two-step on: leaving them says it is on (a toast over them would hide them). */
  const [justOn, setJustOn] = useState(false);
  useEffect(() => {
    void model.load();
  }, [model]);
  const view = model.view.value;
  const setup = model.setup.value;

  const proven = async (proof: string) => {
    const change = pending;
    if (change === 'on' || change === 'change') await model.start(proof);
    else if (change === 'codes') await model.newRecoveryCodes(proof);
    else if (change === 'off' && (await model.turnOff(proof)))
      toasts.show('success', i18n.t('security_two_step_turned_off'), { replace: true });
    setPending(null);
  };

  let body = null;
  if (model.state.value === 'ready') {
    if (view === 'codes')
      body = (
        <RecoveryCodes
          codes={model.codes.value}
          onDone={() => {
            model.doneWithCodes();
            if (justOn) toasts.show('success', i18n.t('security_two_step_turned_on'), { replace: true });
            setJustOn(false);
          }}
        />
      );
    else if (view === 'setup' && setup)
      body = (
        <TotpSetup
          setup={setup}
          model={model}
          onStartAgain={() => {
            model.cancel();
            setPending(model.status.peek()?.enabled ? 'change' : 'on');
          }}
          onConfirmed={(how) => {
            if (how === 'on') setJustOn(true);
            else toasts.show('success', i18n.t('security_two_step_app_changed'), { replace: true });
          }}
        />
      );
    else if (pending)
      body = (
        <ProofPanel
          context={i18n.t(PROOF_TEXT[pending][0])}
          submitLabel={i18n.t(PROOF_TEXT[pending][1])}
          onCancel={() => setPending(null)}
          onProof={(proof) => void proven(proof)}
        />
      );
    else body = <Status model={model} onChange={setPending} />;
  }

  return (
    <div className="stack">
      <BackToSecurity />
      <h1>{i18n.t('security_two_step_title')}</h1>
      <p className="subtitle">{i18n.t('security_two_step_subtitle')}</p>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {body}
    </div>
  );
}
