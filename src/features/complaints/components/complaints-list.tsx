/**
 * The table's page (signed in) and the page a signed-out visitor sees: what My complaints is, the way
 * to sign in, and the way to file a complaint without an account. A complaint just filed is said
 * first, with its number.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { complaintsApi } from '../api/complaints-api';
import { createComplaintsListModel, pageAddress } from '../models/complaints-list-model';
import { ComplaintsTable } from './complaints-table';

const NEW_COMPLAINT = '/help-center/my-complaints?new=1';

function Sent({ number, signedIn }: { number: number; signedIn: boolean }) {
  const i18n = useI18n();
  return (
    <div className="panel complaint-sent" role="status">
      <h2>{i18n.t('complaint_sent', { number })}</h2>
      <p>{i18n.t(signedIn ? 'complaint_sent_text' : 'complaint_sent_text_signed_out')}</p>
    </div>
  );
}

/**
 * The number of a complaint just filed, said once: kept by the page, and dropped from the address (a
 * reload or a link does not say it was sent again).
 */
function useSentOnce(sent: number | null, address: string): number | null {
  const { navigate } = useServices();
  const [shown] = useState(sent);
  useEffect(() => {
    if (sent !== null) navigate(address, { replace: true });
  }, [sent, address, navigate]);
  return shown;
}

export function SignedOutComplaints({ sent: arrived }: { sent: number | null }) {
  const i18n = useI18n();
  const sent = useSentOnce(arrived, '/help-center/my-complaints');
  return (
    <div className="stack complaints">
      <p className="help-eyebrow">
        <Link href="/help-center">{i18n.t('title_help_center')}</Link>
      </p>
      <h1>{i18n.t('complaints_title')}</h1>
      {sent ? <Sent number={sent} signedIn={false} /> : null}
      <p>{i18n.t('complaints_signed_out_text')}</p>
      <div className="row">
        <Link className="button button-primary" href="/login">
          {i18n.t('complaints_sign_in')}
        </Link>
      </div>
      <section className="panel" aria-labelledby="complaints-no-account">
        <h2 id="complaints-no-account">{i18n.t('complaints_no_account_title')}</h2>
        <p>{i18n.t('complaints_no_account_text')}</p>
        <Link className="button button-secondary" href={NEW_COMPLAINT}>
          {i18n.t('help_file_complaint')}
        </Link>
      </section>
    </div>
  );
}

export function ComplaintsList({
  page,
  pageSize,
  sent: arrived,
}: {
  page: number;
  pageSize: number;
  sent: number | null;
}) {
  useSignals();
  const i18n = useI18n();
  const { http, config, navigate } = useServices();
  const sent = useSentOnce(arrived, pageAddress(page, pageSize));
  const [model] = useState(() => createComplaintsListModel({ api: complaintsApi(http, config.commonApi) }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => void model.load(page, pageSize), [model, page, pageSize]);
  const { count, results } = model.data.value;
  const pages = model.pages.value;
  const ready = model.state.value === 'ready';
  const go = (to: number) => {
    navigate(pageAddress(to, pageSize));
    // The reading starts again at the heading on a new page.
    heading.current?.focus();
  };
  return (
    <div className="stack complaints">
      <p className="help-eyebrow">
        <Link href="/help-center">{i18n.t('title_help_center')}</Link>
      </p>
      <div className="complaints-head">
        <h1 ref={heading} tabIndex={-1}>
          {i18n.t('complaints_title')}
        </h1>
        {ready && count > 0 ? (
          <Link className="button button-primary" href={NEW_COMPLAINT}>
            {i18n.t('help_file_complaint')}
          </Link>
        ) : null}
      </div>
      {sent ? <Sent number={sent} signedIn /> : null}
      <LoadState state={model.state.value} onRetry={() => void model.load(page, pageSize)} />
      {ready && count === 0 ? (
        <div className="panel">
          <EmptyState
            icon="help"
            title={i18n.t('complaints_empty_title')}
            text={i18n.t('complaints_empty_text')}
            action={
              <Link className="button button-primary" href={NEW_COMPLAINT}>
                {i18n.t('help_file_complaint')}
              </Link>
            }
          />
        </div>
      ) : null}
      {ready && results.length > 0 ? <ComplaintsTable complaints={results} /> : null}
      {ready && count > 0 && results.length === 0 ? <p>{i18n.t('complaints_page_empty')}</p> : null}
      {ready ? <Pager label={i18n.t('complaints_pages')} page={page} pages={pages} onGo={go} /> : null}
    </div>
  );
}
