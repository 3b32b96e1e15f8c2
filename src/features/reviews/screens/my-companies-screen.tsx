/**
 * /projects/review/my-companies (ReviewsMyCompanies, issue 42): the companies the account manages or
 * claims. One route, three views by the query (models/my-companies-model.ts): the list, the claim form
 * (`claim=1`) and an approved company's reviews to answer (`company={id}`). A claim sent comes back to
 * the list with the company in moderation and a toast.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { companiesApi } from '../api/companies-api';
import { CompanyCard } from '../components/company-card';
import { CompanyClaimForm } from '../components/company-claim-form';
import { CompanyReviewsView } from '../components/company-reviews-view';
import { ReviewsTabs } from '../components/reviews-tabs';
import { createCompanyClaimModel } from '../models/company-claim-model';
import {
  companiesAddress,
  companiesView,
  createMyCompaniesModel,
  MY_COMPANIES_PATH,
  type MyCompaniesModel,
} from '../models/my-companies-model';

const CLAIM_ADDRESS = companiesAddress({ view: 'claim' });

function CompanyList({ model }: { model: MyCompaniesModel }) {
  useSignals();
  const i18n = useI18n();
  const companies = model.companies.value;
  const ready = model.state.value === 'ready';
  return (
    <div className="stack reviews">
      <ReviewsTabs current="/projects/review/my-companies" />
      <div className="reviews-title-row">
        <h1 tabIndex={-1}>{i18n.t('title_reviews_my_companies')}</h1>
        {ready && companies.length > 0 ? (
          <Link className="button button-primary" href={CLAIM_ADDRESS}>
            {i18n.t('reviews_companies_add')}
          </Link>
        ) : null}
      </div>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {ready && companies.length === 0 ? (
        <div className="panel">
          <EmptyState
            icon="shield"
            title={i18n.t('reviews_companies_empty_title')}
            text={i18n.t('reviews_companies_empty_text')}
            action={
              <Link className="button button-primary" href={CLAIM_ADDRESS}>
                {i18n.t('reviews_companies_add')}
              </Link>
            }
          />
        </div>
      ) : null}
      {ready && companies.length > 0 ? (
        <div className="stack review-list">
          {companies.map((company) => (
            <CompanyCard key={company.claim_id} company={company} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ClaimView({ list }: { list: MyCompaniesModel }) {
  const { http, showError, toasts, i18n, navigate } = useServices();
  const [model] = useState(() =>
    createCompanyClaimModel({
      api: companiesApi(http),
      showError,
      onClaimed: (company) => {
        list.add(company);
        toasts.show('success', i18n.t('reviews_companies_claimed'), { replace: true });
        navigate(MY_COMPANIES_PATH);
      },
    }),
  );
  return <CompanyClaimForm model={model} />;
}

export default function MyCompaniesScreen() {
  useSignals();
  const search = useSearch();
  const { http, showError } = useServices();
  const [model] = useState(() => createMyCompaniesModel({ api: companiesApi(http), showError }));
  const view = companiesView(search);
  // The list loads again whenever it is shown: a claim decided meanwhile shows as it now is.
  const listShown = view.view === 'list';
  useEffect(() => {
    if (listShown || model.state.peek() !== 'ready') void model.load();
  }, [model, listShown]);
  // The view's heading takes the focus when the query changes the view (WCAG 2.2 §2.4.3).
  const key = view.view === 'company' ? `company-${view.id}` : view.view;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== key) document.querySelector<HTMLElement>('h1')?.focus();
    shown.current = key;
  }, [key]);
  if (view.view === 'claim') return <ClaimView list={model} />;
  if (view.view === 'company') {
    const name = model.companies.value.find((company) => company.id === view.id)?.name ?? null;
    return <CompanyReviewsView key={view.id} id={view.id} page={view.page} name={name} />;
  }
  return <CompanyList model={model} />;
}
