/**
 * One of my reviews as a card: the company (logo through the CDN, docs/product.md §9; its page on the
 * reviews site), the rating, the text, the photos and videos, the status (a rejection says why), the
 * company's reply, the helpful votes and the date; Edit and Delete (asked twice).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { AppLogo } from '../../../components/app-logo';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { Icon } from '../../../components/icon';
import { When } from '../../../components/when';
import { imageUrl } from '../../../lib/format/image-url';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { MyReview, ReviewStatus } from '../api/reviews-api';
import { reviewsApi } from '../api/reviews-api';
import type { MyReviewsModel } from '../models/my-reviews-model';
import { createReviewEditModel } from '../models/review-edit-model';
import { ReviewEditForm } from './review-edit-form';
import { Stars } from './stars';

export const STATUS_BADGE: Record<ReviewStatus, string> = {
  published: 'badge badge-success',
  in_moderation: 'badge badge-warning',
  rejected: 'badge badge-failed',
};
export const statusKey = (status: ReviewStatus) => `reviews_status_${status}` as const;

/** A site address and a path the API gave, joined by one slash. */
export const siteLink = (site: string, path: string) => `${site.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

function Attachments({ review }: { review: MyReview }) {
  const i18n = useI18n();
  const { config } = useServices();
  if (review.attachments.length === 0) return null;
  return (
    <ul className="review-attachments" aria-label={i18n.t('reviews_attachments_label')}>
      {review.attachments.map((item, index) => {
        // A photo opens in the largest width the image CDN serves (docs/product.md §9); a video or another
        // file is not an image to resize, so it is the CDN site's file itself.
        const full =
          item.kind === 'image' ? imageUrl(item.path, config.imageCdn, '400x') : siteLink(config.cdnSite, item.path);
        const name = i18n.t('reviews_attachment_name', { n: index + 1 });
        return (
          <li key={item.path}>
            {item.kind === 'image' ? (
              <a href={full} target="_blank" rel="noopener noreferrer">
                <img src={imageUrl(item.path, config.imageCdn, '100x')} alt={name} loading="lazy" />
              </a>
            ) : (
              <a className="review-video" href={full} target="_blank" rel="noopener noreferrer">
                <Icon name={item.kind === 'video' ? 'camera' : 'globe'} />{' '}
                {item.kind === 'video' ? i18n.t('reviews_video_name', { n: index + 1 }) : name}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ReviewCard({ review, model, now }: { review: MyReview; model: MyReviewsModel; now: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [editing, setEditing] = useState<ReturnType<typeof createReviewEditModel> | null>(null);
  const headingId = `review-${review.id}`;
  const startEdit = () =>
    setEditing(
      createReviewEditModel({
        api: reviewsApi(http),
        showError,
        review,
        onSaved: (saved) => {
          model.replace(saved);
          setEditing(null);
          toasts.show('success', i18n.t('reviews_saved'), { replace: true });
        },
      }),
    );
  return (
    <article className="panel review-card" aria-labelledby={headingId}>
      <header className="review-head">
        <AppLogo
          name={review.company.name}
          logoUrl={review.company.logo ? imageUrl(review.company.logo, config.imageCdn) : null}
        />
        <div>
          <h2 id={headingId}>
            <a href={siteLink(config.reviewsSite, review.company.link)}>{review.company.name}</a>
          </h2>
          <p className="review-meta">
            <When at={review.created_at} now={now} />
            {review.edited_at ? <> · {i18n.t('reviews_edited')}</> : null}
          </p>
        </div>
        <span className={STATUS_BADGE[review.status]}>{i18n.t(statusKey(review.status))}</span>
      </header>
      {review.status === 'rejected' && review.reason ? (
        <p className="review-reason">{i18n.t('reviews_rejected_reason', { reason: review.reason })}</p>
      ) : null}
      {editing ? (
        <ReviewEditForm model={editing} onCancel={() => setEditing(null)} />
      ) : (
        <>
          <Stars rating={review.rating} />
          <p className="review-text">{review.text}</p>
          <Attachments review={review} />
        </>
      )}
      {review.reply ? (
        <blockquote className="review-reply">
          <p className="review-reply-title">{i18n.t('reviews_reply_title')}</p>
          <p>{review.reply.text}</p>
        </blockquote>
      ) : null}
      <p className="review-meta">{i18n.t('reviews_helpful', { count: review.helpful })}</p>
      {editing ? null : (
        <div className="row review-actions">
          <Button variant="secondary" onClick={startEdit}>
            {i18n.t('reviews_edit')}
          </Button>
          <ConfirmButton
            label={i18n.t('reviews_delete')}
            question={i18n.t('reviews_delete_question')}
            confirmLabel={i18n.t('reviews_delete_confirm')}
            cancelLabel={i18n.t('cancel')}
            busy={model.deleting.value === review.id}
            onConfirm={() =>
              void model.remove(review.id).then((gone) => {
                if (gone) toasts.show('success', i18n.t('reviews_deleted'), { replace: true });
              })
            }
          />
        </div>
      )}
    </article>
  );
}
