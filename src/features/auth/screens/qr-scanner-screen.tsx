/**
 * /personal/qr-scanner (empty layout, signed in): the phone approves a sign-in by QR. Opened by the
 * phone's own camera app from the code (`#{id}`), it goes straight to the request; otherwise it reads
 * the code with the camera (qr-camera.ts). Then who is asking, the warning against a code someone else
 * sent (the relayed-QR attack, docs/decisions.md), the three numbers and Deny.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { Loading } from '../../../components/loading';
import { StepUpForm } from '../../../components/verification/step-up-form';
import { useStepUp } from '../../../components/verification/use-step-up';
import { When } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { qrApprovalApi } from '../api/qr-login';
import { createQrApproveModel, type ApprovePhase, type QrApproveModel } from '../models/qr-approve-model';
import { cameraProblem, openCamera, scanFrames, type CameraProblem } from '../qr-camera';

/** The camera's picture, read until a code is accepted; or what stops it, and what to do. */
function Camera({ onText }: { onText: (text: string) => boolean }) {
  const i18n = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    let stream: MediaStream | undefined;
    openCamera().then(
      async (opened) => {
        stream = opened;
        const element = video.current;
        if (stop.signal.aborted || !element) return opened.getTracks().forEach((track) => track.stop());
        element.srcObject = opened;
        await element.play().catch(() => undefined);
        await scanFrames(element, onText, stop.signal);
      },
      (error: unknown) => {
        if (!stop.signal.aborted) setProblem(cameraProblem(error));
      },
    );
    return () => {
      stop.abort();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onText]);
  if (problem) {
    return (
      <p className="notice" role="alert">
        {i18n.t(problem === 'refused' ? 'qr_scanner_refused' : 'qr_scanner_no_camera')}
      </p>
    );
  }
  return (
    <video ref={video} className="qr-scanner-video" muted playsInline aria-label={i18n.t('qr_scanner_camera_label')} />
  );
}

/** Who is asking: the browser, its system, the place and address it came from, and when. */
function Details({ model }: { model: QrApproveModel }) {
  useSignals();
  const i18n = useI18n();
  const [now] = useState(() => Date.now());
  const details = model.details.value;
  if (!details) return null;
  const unknown = i18n.t('qr_scanner_unknown');
  const device = [details.browser, details.os].filter(Boolean).join(', ') || unknown;
  return (
    <>
      <h2>{i18n.t('qr_scanner_details_title')}</h2>
      <dl className="qr-scanner-details">
        <dt>{i18n.t('qr_scanner_browser')}</dt>
        <dd>{device}</dd>
        <dt>{i18n.t('qr_scanner_place')}</dt>
        <dd>{details.place ?? unknown}</dd>
        <dt>{i18n.t('qr_scanner_ip')}</dt>
        <dd>{details.ip ?? unknown}</dd>
        <dt>{i18n.t('qr_scanner_when')}</dt>
        <dd>
          <When at={details.created_at} now={now} />
        </dd>
      </dl>
      <p className="notice" role="note">
        {i18n.t('qr_scanner_warning')}
      </p>
      <fieldset className="stack">
        <legend>{i18n.t('qr_scanner_pick')}</legend>
        <div className="qr-scanner-numbers">
          {details.numbers.map((number) => (
            <Button key={number} variant="secondary" onClick={() => void model.approve(number)}>
              {number}
            </Button>
          ))}
        </div>
      </fieldset>
      <Button variant="text" onClick={() => void model.deny()}>
        {i18n.t('qr_scanner_deny')}
      </Button>
    </>
  );
}

const OUTCOME: Partial<
  Record<ApprovePhase, 'qr_scanner_approved' | 'qr_scanner_denied' | 'qr_scanner_mismatch' | 'qr_scanner_gone'>
> = {
  approved: 'qr_scanner_approved',
  denied: 'qr_scanner_denied',
  mismatch: 'qr_scanner_mismatch',
  gone: 'qr_scanner_gone',
};

/** The proof of an old sign-in before approving (Security's step-up: the password, or a code). */
function Proof({ model }: { model: QrApproveModel }) {
  const i18n = useI18n();
  const { form, stepUp } = useStepUp();
  return (
    <StepUpForm
      stepUp={stepUp}
      form={form}
      context={<p>{i18n.t('qr_scanner_proof_context')}</p>}
      submitLabel={i18n.t('continue')}
      onProof={(proof) => void model.proven(proof)}
      onCancel={() => model.cancelProof()}
    />
  );
}

export default function QrScannerScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() =>
    createQrApproveModel({ api: qrApprovalApi(http, config.ssoApi), showError, origin: location.origin }),
  );
  const [read] = useState(() => (text: string) => model.read(text));
  useEffect(() => {
    // Opened from the code by the phone's camera app: the id is in the fragment, which never reaches a
    // server or a Referer. It is taken out of the address, so that a reload or a shared link holds none.
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    void model.open(id);
  }, [model]);
  const phase = model.phase.value;
  const outcome = OUTCOME[phase];
  return (
    <div className="stack qr-scanner">
      <h1>{i18n.t('title_qr_scanner')}</h1>
      {phase === 'scanning' ? (
        <>
          <p className="subtitle">{i18n.t('qr_scanner_hint')}</p>
          <Camera onText={read} />
          <p className={model.notKirish.value ? 'notice' : 'visually-hidden'} role="status">
            {model.notKirish.value ? i18n.t('qr_scanner_not_kirish') : null}
          </p>
        </>
      ) : null}
      {phase === 'loading' ? <Loading /> : null}
      {phase === 'details' ? <Details model={model} /> : null}
      {phase === 'proof' ? <Proof model={model} /> : null}
      {phase === 'failed' ? (
        <Button variant="secondary" onClick={() => void model.retry()}>
          {i18n.t('retry')}
        </Button>
      ) : null}
      {/* The empty layout has no header: while scanning (a phone with no camera too) the way out is here. */}
      {phase === 'scanning' || phase === 'failed' ? <Link href="/">{i18n.t('qr_scanner_home')}</Link> : null}
      {outcome ? (
        <>
          <p className={phase === 'approved' || phase === 'denied' ? 'qr-scanner-outcome' : 'notice'} role="status">
            {i18n.t(outcome)}
          </p>
          {phase === 'mismatch' || phase === 'gone' ? (
            <Button onClick={() => model.scanAgain()}>{i18n.t('qr_scanner_scan_again')}</Button>
          ) : null}
          <Link href="/">{i18n.t('qr_scanner_home')}</Link>
        </>
      ) : null}
    </div>
  );
}
