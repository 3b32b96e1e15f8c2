/**
 * One of my companies as a card: its logo through the CDN (docs/product.md §9; a letter square when it has
 * none), name, category and taxpayer number, the claim's status (a rejection says why, a claim in
 * moderation says what comes next) and, once approved, its page on the business reviews path, its
 * rating in halves as stars and as text, its review count, the unanswered ones and the way to answer.
 */
import { Link } from 'wouter';
import type { ClaimStatus } from '../../../../server/src/contract/reviews.js';
import { AppLogo } from '../../../components/app-logo';
import { imageUrl } from '../../../lib/format/image-url';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { MyCompany } from '../api/companies-api';
import { companiesAddress, knownCategory } from '../models/my-companies-model';
import { siteLink } from './review-card';
import { Stars } from './stars';

const CLAIM_BADGE: Record<ClaimStatus, string> = {
  approved: 'badge badge-success',
  in_moderation: 'badge badge-warning',
  rejected: 'badge badge-failed',
};

/** A category in words when the list knows it, else as the server wrote it. */
export function useCategoryName() {
  const i18n = useI18n();
  return (category: string) => {
    const known = knownCategory(category);
    return known ? i18n.t(`reviews_companies_category_${known}` as const) : category;
  };
}

export function CompanyCard({ company }: { company: MyCompany }) {
  const i18n = useI18n();
  const { config } = useServices();
  const categoryName = useCategoryName();
  const headingId = `company-${company.claim_id}`;
  const approved = company.status === 'approved';
  const business = siteLink(siteLink(config.reviewsSite, config.businessReviewsPath), company.business_link);
  return (
    <article className="panel review-card company-card" aria-labelledby={headingId}>
      <header className="review-head">
        <AppLogo name={company.name} logoUrl={company.logo ? imageUrl(company.logo, config.imageCdn) : null} />
        <div>
          <h2 id={headingId}>{approved ? <a href={business}>{company.name}</a> : company.name}</h2>
          <p className="review-meta">
            {categoryName(company.category)} ·{' '}
            {i18n.t('reviews_companies_taxpayer', { number: company.taxpayer_number })}
          </p>
        </div>
        <span className={CLAIM_BADGE[company.status]}>
          {i18n.t(`reviews_companies_status_${company.status}` as const)}
        </span>
      </header>
      {company.status === 'rejected' && company.reason ? (
        <p className="review-reason">{i18n.t('reviews_rejected_reason', { reason: company.reason })}</p>
      ) : null}
      {company.status === 'in_moderation' ? (
        <p className="review-meta">{i18n.t('reviews_companies_moderation_note')}</p>
      ) : null}
      {approved ? (
        <>
          {company.rating === null ? (
            <p className="review-meta">{i18n.t('reviews_companies_no_rating')}</p>
          ) : (
            <Stars rating={company.rating} />
          )}
          <p className="company-counts">
            <span>{i18n.t('reviews_companies_review_count', { count: company.review_count })}</span>
            <span className={company.unanswered_count > 0 ? 'company-unanswered' : undefined}>
              {i18n.t('reviews_companies_unanswered', { count: company.unanswered_count })}
            </span>
          </p>
          <div className="row review-actions">
            <Link
              className="button button-secondary"
              href={companiesAddress({ view: 'company', id: company.id, page: 1 })}
              aria-label={i18n.t('reviews_companies_answer_label', { name: company.name })}
            >
              {i18n.t('reviews_companies_answer')}
            </Link>
          </div>
        </>
      ) : null}
    </article>
  );
}
