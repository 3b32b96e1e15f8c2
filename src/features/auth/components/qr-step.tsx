/**
 * Login's `qr` step, in its own chunk with its model (the login page's budget, test/budget.test.ts):
 * the code, the number to pick on the phone, the countdown, and what the phone did. A screen reader
 * hears the number and the state when they change, and the time left at a few moments only, never every
 * second (WCAG 2.2 §4.1.3 status messages, without flooding the speech).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { QrCode } from '../../../components/qr-code';
import { useServices } from '../../../lib/services';
import type { QrStepProps } from './sign-in-flow';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { useAuthApi } from '../use-auth-api';
import { createQrSignInModel, type QrPhase } from '../models/qr-sign-in-model';
import { followQrEvents } from '../qr-events';
import { deviceId } from '../../../lib/device-id';
import { qrRequestUrl } from '../api/qr-login';

/** The seconds left at which the countdown is said aloud, smallest first. */
const SPOKEN_AT: readonly number[] = [10, 30];

/**
 * What the countdown's live region holds with `left` seconds to go: the last of SPOKEN_AT passed, so the
 * text changes, and is said, only twice a code; nothing before 30 s, when the number was just said.
 */
export const spokenSeconds = (left: number): number | undefined => SPOKEN_AT.find((at) => left <= at && left > 0);

const PHASE_TEXT: Partial<Record<QrPhase, 'qr_scanned' | 'qr_denied' | 'qr_expired' | 'qr_failed' | 'qr_approved'>> = {
  scanned: 'qr_scanned',
  denied: 'qr_denied',
  expired: 'qr_expired',
  failed: 'qr_failed',
  approved: 'qr_approved',
};

export default function QrStep({ onSignedIn, onBack }: QrStepProps) {
  useSignals();
  const i18n = useI18n();
  const api = useAuthApi();
  const { showError, config } = useServices();
  const [model] = useState(() =>
    createQrSignInModel({
      api,
      showError,
      now: () => Date.now(),
      onSignedIn,
      follow: (request, onEvent, signal) =>
        followQrEvents(
          { fetch: (...args) => fetch(...args), headers: () => eventHeaders(i18n.locale.peek()) },
          `${qrRequestUrl(config.ssoApi, request.id)}events`,
          request.secret,
          onEvent,
          signal,
        ),
    }),
  );
  useEffect(() => {
    void model.start();
    return model.dispose;
  }, [model]);
  const phase = model.phase.value;
  const request = model.request.value;
  const live = phase === 'showing' || phase === 'scanned';
  const now = useNow(live);
  const left = model.secondsLeft(now);
  useEffect(() => {
    if (live && request && left === 0) void model.countdownEnded();
  }, [live, request, left, model]);
  // The time left as a screen reader hears it: the live region's text changes only at SPOKEN_AT, so it is
  // said twice a code (at 30 s and at 10 s), the number having been said when the code appeared.
  const spoken = live ? spokenSeconds(left) : undefined;
  const text = PHASE_TEXT[phase];
  const ended = phase === 'denied' || phase === 'expired' || phase === 'failed';

  return (
    <div className="stack qr-step">
      <h1>{i18n.t('qr_title')}</h1>
      <p className="subtitle">{i18n.t('qr_hint')}</p>
      <div className="qr-step-code" aria-busy={phase === 'loading' || undefined}>
        {request && !ended ? (
          <QrCode value={request.qr} label={i18n.t('qr_code_label')} size={208} />
        ) : (
          <div className="qr-step-placeholder" />
        )}
      </div>
      <p className="qr-step-number" aria-live="polite">
        {request && !ended ? i18n.t('qr_pick_number', { number: request.number }) : null}
      </p>
      {live ? (
        <p className="qr-step-countdown" aria-hidden="true">
          {i18n.t('qr_new_code_in', { seconds: String(left) })}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {spoken ? i18n.t('qr_new_code_in_spoken', { seconds: String(spoken) }) : null}
      </p>
      <p className={ended ? 'notice' : 'qr-step-state'} role="status">
        {text ? i18n.t(text) : null}
      </p>
      {ended ? <Button onClick={() => void model.newCode()}>{i18n.t('qr_new_code')}</Button> : null}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          model.leave();
          onBack();
        }}
      >
        {i18n.t('qr_other_ways')}
      </button>
    </div>
  );
}

/** The headers of the site's calls that the events call needs: which device, which language. */
function eventHeaders(locale: string): Record<string, string> {
  const device = deviceId();
  return { 'Accept-Language': locale, ...(device ? { 'Device-Id': device } : {}) };
}
