/**
 * /validation: what identity verification gives and needs, the account's status with its explanation,
 * the validation app's link (its app-name parameter naming this product), asking for a validation,
 * and for a failure the reason and a way to try again; in moderation, when to expect the answer.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { LoadState } from '../../../components/load-state';
import { QrCode } from '../../../components/qr-code';
import { dottedDate } from '../../../lib/format/birth-date';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { ValidationState } from '../api/validation-api';
import { createValidationModel, validationAppUrl } from '../models/validation-model';

const pad = (n: number) => String(n).padStart(2, '0');

/** The day of an ISO instant, in the reader's own time zone, as people here write it. */
function localDay(iso: string): string {
  const at = new Date(iso);
  return `${dottedDate(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function StatusPanel({ validation }: { validation: ValidationState }) {
  const i18n = useI18n();
  const { status } = validation;
  return (
    <section className="panel validation-status" aria-labelledby="validation-status-title" aria-live="polite">
      <h2 id="validation-status-title">
        <span className={`badge badge-${status}`}>{i18n.t(`verification_${status}`)}</span>
      </h2>
      <p>{i18n.t(`verification_${status}_text`)}</p>
      {status === 'failed' && validation.reason ? (
        <p className="validation-reason">{i18n.t('validation_reason', { reason: validation.reason })}</p>
      ) : null}
      {status === 'in_moderation' && validation.answer_expected_by ? (
        <p>{i18n.t('validation_expected', { date: localDay(validation.answer_expected_by) })}</p>
      ) : null}
      {validation.reference && status !== 'verified' ? (
        <p className="muted">{i18n.t('validation_reference', { reference: validation.reference })}</p>
      ) : null}
    </section>
  );
}

export default function ValidationScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createValidationModel({ http, ssoApi: config.ssoApi, showError }));
  useEffect(() => void model.load(), [model]);
  const validation = model.validation.value;
  const canStart = validation?.status === 'not_verified' || validation?.status === 'failed';
  const appUrl = validationAppUrl(
    config.validationAppLink,
    config.validationAppNameParam,
    config.product,
    window.location.origin,
  );
  return (
    <div className="stack validation">
      <p>
        <Link href="/personal">← {i18n.t('validation_back')}</Link>
      </p>
      <h1>{i18n.t('verification_title')}</h1>
      <p className="subtitle">{i18n.t('validation_intro')}</p>
      <section className="panel" aria-labelledby="validation-documents-title">
        <h2 id="validation-documents-title">{i18n.t('validation_documents_title')}</h2>
        <p>{i18n.t('validation_documents_text')}</p>
      </section>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' && validation ? (
        <>
          <StatusPanel validation={validation} />
          {canStart ? (
            <section className="panel stack" aria-labelledby="validation-steps-title">
              <h2 id="validation-steps-title">{i18n.t('validation_steps_title')}</h2>
              <p>{i18n.t('validation_steps_text')}</p>
              {/* On a computer the phone's camera opens the app from the QR; a phone follows the link. */}
              <figure className="validation-qr">
                <QrCode value={appUrl} label={i18n.t('validation_qr_label')} size={168} />
                <figcaption>{i18n.t('validation_qr_caption')}</figcaption>
              </figure>
              <a className="button button-secondary" href={appUrl} target="_blank" rel="noopener noreferrer">
                {i18n.t('validation_open_app')}
              </a>
              <Button variant="primary" busy={model.busy.value} onClick={() => void model.start()}>
                {i18n.t(validation.status === 'failed' ? 'validation_try_again' : 'validation_request')}
              </Button>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
