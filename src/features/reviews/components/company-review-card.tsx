/**
 * A published review of my approved company, as its manager answers it: the author, the rating (stars and
 * text), the text, the photos and videos, the helpful votes, the date, and the company's reply with "Edit
 * reply", or a "Reply" button; either opens the reply form in place.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { REPLY_TEXT_MAX_LENGTH } from '../../../../server/src/contract/reviews.js';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { TextAreaField } from '../../../components/text-area-field';
import { When } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useFocusOnOpen } from '../../../lib/use-focus-on-open';
import { useI18n } from '../../../lib/use-i18n';
import { companiesApi, type CompanyReview } from '../api/companies-api';
import type { CompanyReviewsModel } from '../models/company-reviews-model';
import { createReplyModel, type ReplyModel } from '../models/reply-model';
import { Attachments } from './review-card';
import { Stars } from './stars';

function ReplyForm({ model, onCancel }: { model: ReplyModel; onCancel: () => void }) {
  useSignals();
  const i18n = useI18n();
  // Opened by "Reply": the focus goes to the text (WCAG 2.2 §2.4.3).
  const container = useFocusOnOpen<HTMLDivElement>();
  return (
    <div ref={container} className="review-edit">
      <StepForm onSubmit={() => void model.save()}>
        <TextAreaField
          label={i18n.t('reviews_companies_reply_label')}
          name="reply"
          hint={i18n.t('reviews_companies_reply_hint')}
          maxLength={REPLY_TEXT_MAX_LENGTH}
          rows={4}
          {...fieldProps(model.text, i18n)}
        />
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('reviews_companies_publish_reply')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </div>
  );
}

export function CompanyReviewCard({
  companyId,
  review,
  model,
  now,
}: {
  companyId: string;
  review: CompanyReview;
  model: CompanyReviewsModel;
  now: number;
}) {
  const i18n = useI18n();
  const { http, showError, toasts } = useServices();
  const [replying, setReplying] = useState<ReplyModel | null>(null);
  const headingId = `company-review-${review.id}`;
  const startReply = () =>
    setReplying(
      createReplyModel({
        api: companiesApi(http),
        showError,
        companyId,
        review,
        onSaved: (saved) => {
          model.replace(saved);
          setReplying(null);
          toasts.show('success', i18n.t('reviews_companies_reply_saved'), { replace: true });
        },
      }),
    );
  return (
    <article className="panel review-card" aria-labelledby={headingId}>
      <header className="review-head">
        <div>
          <h2 id={headingId}>{review.author}</h2>
          <p className="review-meta">
            <When at={review.created_at} now={now} />
          </p>
        </div>
      </header>
      <Stars rating={review.rating} />
      <p className="review-text">{review.text}</p>
      <Attachments attachments={review.attachments} />
      <p className="review-meta">{i18n.t('reviews_helpful', { count: review.helpful })}</p>
      {replying ? (
        <ReplyForm model={replying} onCancel={() => setReplying(null)} />
      ) : (
        <>
          {review.reply ? (
            <blockquote className="review-reply">
              <p className="review-reply-title">{i18n.t('reviews_reply_title')}</p>
              <p className="review-text">{review.reply.text}</p>
            </blockquote>
          ) : null}
          <div className="row review-actions">
            <Button variant="secondary" onClick={startReply}>
              {i18n.t(review.reply ? 'reviews_companies_edit_reply' : 'reviews_companies_reply')}
            </Button>
          </div>
        </>
      )}
    </article>
  );
}
