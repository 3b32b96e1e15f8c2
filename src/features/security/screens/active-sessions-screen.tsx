/**
 * /security/active-sessions/: every live sign-in of this account — device, browser and system, IP,
 * source, when it began and was last active — this one marked; end one, or all the others. An
 * ended session's refresh token stops working at once (docs/api.md, Security). Ending all the
 * others asks for the password (or a code) first: OWASP ASVS 5.0 §7.5.2.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { LoadState } from '../../../components/load-state';
import { ConfirmButton } from '../../../components/confirm-button';
import { SignOutButton } from '../../../components/sign-out-button';
import { StepUpForm } from '../../../components/verification/step-up-form';
import { useStepUp } from '../../../components/verification/use-step-up';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi, type SessionInfo } from '../api/security-api';
import { When } from '../components/when';
import { createSessionsModel } from '../models/sessions-model';

/** A line drawing of the kind of device (no emoji: not every system has a font for them). */
function DeviceIcon({ device }: { device: SessionInfo['device'] }) {
  const handheld = device === 'mobile' || device === 'tablet';
  return (
    <svg
      className="session-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {handheld ? (
        <>
          <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
          <path d="M11 18.5h2" />
        </>
      ) : (
        <>
          <rect x="2.5" y="4" width="19" height="12.5" rx="1.8" />
          <path d="M8 20.5h8M12 16.5v4" />
        </>
      )}
    </svg>
  );
}

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
  return (
    <div className="stack">
      <p>
        <Link href="/security">← {i18n.t('section_security')}</Link>
      </p>
      <h1>{i18n.t('sessions_title')}</h1>
      <p className="subtitle">{i18n.t('sessions_subtitle')}</p>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' ? (
        <ul className="session-list" aria-label={i18n.t('sessions_title')}>
          {sessions.map((session) => (
            <li key={session.id} className="panel session">
              <DeviceIcon device={session.device} />
              <div className="session-text">
                <p className="session-name">
                  {[session.browser, session.os].filter(Boolean).join(' · ') || i18n.t('sessions_unknown_device')}
                  {session.current ? (
                    <span className="badge badge-verified">{i18n.t('sessions_this_device')}</span>
                  ) : null}
                </p>
                <p className="session-meta">
                  {session.partner_origin
                    ? `${i18n.t('sessions_in_partner_frame', { origin: session.partner_origin })} · `
                    : null}
                  IP {session.ip} · {i18n.t('sessions_signed_in')}: <When at={session.created_at} now={now} /> ·{' '}
                  {i18n.t('sessions_last_active')}: <When at={session.last_active_at} now={now} />
                </p>
              </div>
              <div className="session-action">
                {session.current ? (
                  <SignOutButton />
                ) : (
                  <ConfirmButton
                    label={i18n.t('sessions_end')}
                    question={i18n.t('sessions_end_confirm')}
                    confirmLabel={i18n.t('sessions_end')}
                    cancelLabel={i18n.t('cancel')}
                    busy={model.busy.value === session.id}
                    onConfirm={async () => {
                      if (await model.end(session.id))
                        toasts.show('success', i18n.t('sessions_ended_one'), { replace: true });
                    }}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {model.state.value === 'ready' && others.length === 0 ? (
        <p className="empty">{i18n.t('sessions_only_this')}</p>
      ) : null}
      {model.state.value === 'ready' && others.length > 0 ? (
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
