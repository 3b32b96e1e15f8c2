/**
 * /projects/review/my-reviews (ReviewsMyReviews, issue 42): the account's reviews as cards, filtered by
 * status and paged, both in the address (models/my-reviews-model.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { REVIEW_STATUSES } from '../../../../server/src/contract/reviews.js';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useNow } from '../../../lib/use-now';
import { useI18n } from '../../../lib/use-i18n';
import { reviewsApi } from '../api/reviews-api';
import { ReviewCard, siteLink, statusKey } from '../components/review-card';
import { ReviewsPager } from '../components/reviews-pager';
import { ReviewsTabs } from '../components/reviews-tabs';
import { createMyReviewsModel, myReviewsAddress, myReviewsQuery } from '../models/my-reviews-model';

export default function MyReviewsScreen() {
  useSignals();
  const i18n = useI18n();
  const search = useSearch();
  const { http, config, showError, navigate } = useServices();
  const [model] = useState(() => createMyReviewsModel({ api: reviewsApi(http), showError }));
  const heading = useRef<HTMLHeadingElement>(null);
  const { status, page } = myReviewsQuery(search);
  useEffect(() => void model.load({ status, page }), [model, status, page]);
  const { count, results } = model.data.value;
  const pages = model.pages.value;
  const ready = model.state.value === 'ready';
  const now = useNow(false);
  const go = (to: number) => {
    navigate(myReviewsAddress({ status, page: to }));
    heading.current?.focus();
  };
  return (
    <div className="stack reviews">
      <ReviewsTabs current="/projects/review/my-reviews" />
      <h1 ref={heading} tabIndex={-1}>
        {i18n.t('title_reviews_my_reviews')}
      </h1>
      <nav className="reviews-filter" aria-label={i18n.t('reviews_filter_label')}>
        {[null, ...REVIEW_STATUSES].map((value) => (
          <Link
            key={value ?? 'all'}
            href={myReviewsAddress({ status: value, page: 1 })}
            aria-current={value === status ? 'page' : undefined}
          >
            {value ? i18n.t(statusKey(value)) : i18n.t('reviews_filter_all')}
          </Link>
        ))}
      </nav>
      <LoadState state={model.state.value} onRetry={() => void model.retry()} />
      {ready && count === 0 ? (
        <div className="panel">
          <EmptyState
            icon="check-circle"
            title={i18n.t(status ? 'reviews_empty_filtered' : 'reviews_empty_title')}
            text={i18n.t('reviews_empty_text')}
            action={
              <a className="button button-primary" href={siteLink(config.reviewsSite, '/')}>
                {i18n.t('reviews_open_site')}
              </a>
            }
          />
        </div>
      ) : null}
      {ready && results.length > 0 ? (
        <div className="stack review-list">
          {results.map((review) => (
            <ReviewCard key={review.id} review={review} model={model} now={now} />
          ))}
        </div>
      ) : null}
      {ready ? <ReviewsPager page={page} pages={pages} go={go} /> : null}
    </div>
  );
}
