/**
 * /security/active-sessions/: every live sign-in of this account as a row — the kind of device, the
 * browser and system, the address it came from and when it was last active — this one marked; end
 * one (asked first), or all the others. An ended session's refresh token stops working at once
 * (docs/api.md, Security). Ending all the others asks for the password (or a code) first: OWASP ASVS
 * 5.0 §7.5.2.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon, type IconName } from '../../../components/icon';
import { providerName } from '../../../components/provider-mark';
import { isSocialProvider } from '../../../../server/src/contract/social.js';
import { LoadState } from '../../../components/load-state';
import { Row } from '../../../components/row';
import { SignOutButton } from '../../../components/sign-out-button';
import { StepUpForm } from '../../../components/verification/step-up-form';
import { useStepUp } from '../../../components/verification/use-step-up';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi, type SessionInfo } from '../api/security-api';
import { BackToSecurity } from '../components/back-to-security';
import { ConfirmRow } from '../components/confirm-row';
import { relativeText } from '../../../components/when';
import { createSessionsModel, type SessionsModel } from '../models/sessions-model';

const deviceIcon = (device: SessionInfo['device']): IconName =>
  device === 'mobile' || device === 'tablet' ? 'phone' : device === 'desktop' ? 'monitor' : 'devices';

/** "End all other sessions": a fresh proof first (the password, or a code), then every other sign-in ends. */
function EndOthers({ onProof }: { onProof: (proof: string) => Promise<void> }) {
  useSignals();
  const i18n = useI18n();
  const { form, stepUp } = useStepUp();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {i18n.t('sessions_end_others')}
        </Button>
      </div>
    );
  }
  return (
    <section className="panel">
      <StepUpForm
        stepUp={stepUp}
        form={form}
        context={<p>{i18n.t('sessions_end_others_confirm')}</p>}
        submitLabel={i18n.t('sessions_end_others')}
        onProof={(proof) => void onProof(proof).then(() => setOpen(false))}
        onCancel={() => {
          stepUp.switchToPassword();
          setOpen(false);
        }}
      />
    </section>
  );
}

/** One session: the device, where from and since when, "This device" or its End action (asked first). */
function SessionRow({ session, model, now }: { session: SessionInfo; model: SessionsModel; now: number }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const [asking, setAsking] = useState(false);
  const where = [
    session.partner_origin ? i18n.t('sessions_in_partner_frame', { origin: session.partner_origin }) : null,
    // A provider's sign-in says which (issue 36); a password or a code is the usual way, and goes unsaid.
    session.method !== null && isSocialProvider(session.method)
      ? i18n.t('sessions_signed_in_with', { provider: providerName(session.method) })
      : null,
    `IP ${session.ip}`,
    `${i18n.t('sessions_signed_in')} ${relativeText(i18n, session.created_at, now, true)}`,
    `${i18n.t('sessions_last_active')} ${relativeText(i18n, session.last_active_at, now, true)}`,
  ];
  return (
    <>
      <Row
        icon={deviceIcon(session.device)}
        label={[session.browser, session.os].filter(Boolean).join(' · ') || i18n.t('sessions_unknown_device')}
        // No value column: the place and times read as one line, and the label takes the width.
        detail={where.filter(Boolean).join(' · ')}
        badge={session.current ? <span className="badge badge-verified">{i18n.t('sessions_this_device')}</span> : null}
        action={
          session.current ? (
            <SignOutButton compact />
          ) : (
            <Button
              variant="secondary"
              className="button-small row-action-compact"
              busy={model.busy.value === session.id}
              aria-expanded={asking}
              onClick={() => setAsking(!asking)}
            >
              <Icon name="x" />
              <span className="row-action-text">{i18n.t('sessions_end')}</span>
            </Button>
          )
        }
      />
      {asking ? (
        <ConfirmRow
          question={i18n.t('sessions_end_confirm')}
          confirmLabel={i18n.t('sessions_end')}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setAsking(false);
            if (await model.end(session.id)) toasts.show('success', i18n.t('sessions_ended_one'), { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

export default function ActiveSessionsScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() => createSessionsModel({ api: securityApi(http, config.ssoApi), showError }));
  useEffect(() => {
    void model.load();
  }, [model]);
  const now = useNow(false);
  const sessions = model.sessions.value;
  const others = sessions.filter((session) => !session.current);
  const ready = model.state.value === 'ready';
  return (
    <div className="stack">
      <BackToSecurity />
      <h1>{i18n.t('sessions_title')}</h1>
      <p className="subtitle">{i18n.t('sessions_subtitle')}</p>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {ready ? (
        <div className="row-group">
          <ul className="rows" aria-label={i18n.t('sessions_title')}>
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} model={model} now={now} />
            ))}
          </ul>
        </div>
      ) : null}
      {ready && others.length === 0 ? (
        <div className="row-group">
          <EmptyState icon="devices" title={i18n.t('sessions_only_this')} text={i18n.t('sessions_only_this_text')} />
        </div>
      ) : null}
      {ready && others.length > 0 ? (
        <EndOthers
          onProof={async (proof) => {
            const ended = await model.endOthers(proof);
            if (ended !== undefined) toasts.show('success', i18n.tn('sessions_ended_count', ended), { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
