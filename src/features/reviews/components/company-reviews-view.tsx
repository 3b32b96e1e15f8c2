/**
 * Answering as the company (my-companies?company={id}): the approved company's published reviews, newest
 * first and paged in the address, each with its reply or a way to write one; the way back to the list.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useNow } from '../../../lib/use-now';
import { useI18n } from '../../../lib/use-i18n';
import { companiesApi } from '../api/companies-api';
import { createCompanyReviewsModel } from '../models/company-reviews-model';
import { companiesAddress } from '../models/my-companies-model';
import { CompaniesBack } from './companies-back';
import { CompanyReviewCard } from './company-review-card';
import { Pager } from '../../../components/pager';

export function CompanyReviewsView({ id, page, name }: { id: string; page: number; name: string | null }) {
  useSignals();
  const i18n = useI18n();
  const { http, showError, navigate } = useServices();
  const [model] = useState(() => createCompanyReviewsModel({ api: companiesApi(http), showError }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => void model.load({ id, page }), [model, id, page]);
  const now = useNow(false);
  const { count, results } = model.data.value;
  const pages = model.pages.value;
  const ready = model.state.value === 'ready';
  const go = (to: number) => {
    navigate(companiesAddress({ view: 'company', id, page: to }));
    heading.current?.focus();
  };
  return (
    <div className="stack reviews">
      <CompaniesBack />
      <h1 ref={heading} tabIndex={-1}>
        {i18n.t('reviews_companies_answer')}
      </h1>
      {name ? <p className="subtitle">{name}</p> : null}
      <LoadState state={model.state.value} onRetry={() => void model.retry()} />
      {ready && model.missing.value ? (
        <div className="panel">
          <EmptyState icon="alert" title={i18n.t('company_not_found')} />
        </div>
      ) : null}
      {ready && count === 0 && !model.missing.value ? (
        <div className="panel">
          <EmptyState
            icon="message"
            title={i18n.t('reviews_companies_reviews_empty_title')}
            text={i18n.t('reviews_companies_reviews_empty_text')}
          />
        </div>
      ) : null}
      {ready && results.length > 0 ? (
        <div className="stack review-list">
          {results.map((review) => (
            <CompanyReviewCard key={review.id} companyId={id} review={review} model={model} now={now} />
          ))}
        </div>
      ) : null}
      {ready ? <Pager label={i18n.t('reviews_pages')} page={page} pages={pages} onGo={go} /> : null}
    </div>
  );
}
