/**
 * The edit form of one review: its text, its rating in halves (a native slider: arrows move by a half,
 * Home and End go to 1 and 5, and it is said as "4.5 of 5") and its photos and videos to keep. That
 * saving sends the review back to moderation is said before the button.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/text-area-field';
import { useI18n } from '../../../lib/use-i18n';
import type { ReviewEditModel } from '../models/review-edit-model';
import { Stars } from './stars';

export function ReviewEditForm({ model, onCancel }: { model: ReviewEditModel; onCancel: () => void }) {
  useSignals();
  const i18n = useI18n();
  const id = useId();
  const ratingError = model.rating.error.value;
  return (
    <form
      className="stack review-edit"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void model.save();
      }}
    >
      <TextAreaField
        label={i18n.t('reviews_text_label')}
        name="text"
        value={model.text.value}
        onValue={(value) => model.text.set(value)}
        hint={i18n.t('reviews_text_hint')}
        error={model.text.error.value ? i18n.t(model.text.error.value) : undefined}
        rows={5}
      />
      <div className={`field ${ratingError ? 'field-invalid' : ''}`}>
        <label htmlFor={`${id}-rating`}>{i18n.t('reviews_rating_label')}</label>
        <div className="row review-rating-input">
          <input
            id={`${id}-rating`}
            type="range"
            min={1}
            max={5}
            step={0.5}
            value={model.rating.value}
            aria-valuetext={i18n.t('reviews_rating_text', { rating: String(model.rating.value) })}
            aria-invalid={ratingError ? true : undefined}
            onChange={(event) => model.rating.set(Number(event.target.value))}
          />
          <Stars rating={model.rating.value} />
        </div>
        {ratingError ? (
          <p className="field-error" role="alert">
            {i18n.t(ratingError)}
          </p>
        ) : null}
      </div>
      {model.paths.length > 0 ? (
        <fieldset className="review-keep">
          <legend>{i18n.t('reviews_attachments_label')}</legend>
          {model.paths.map((path, index) => (
            <label key={path} className="row">
              <input type="checkbox" checked={model.kept.value.includes(path)} onChange={() => model.toggle(path)} />
              {i18n.t('reviews_attachment_name', { n: index + 1 })}
            </label>
          ))}
          {model.kept.error.value ? (
            <p className="field-error" role="alert">
              {i18n.t(model.kept.error.value)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <p className="field-hint" id={`${id}-note`}>
        {i18n.t('reviews_moderation_note')}
      </p>
      <div className="row">
        <Button type="submit" busy={model.form.busy.value} aria-describedby={`${id}-note`}>
          {i18n.t('save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {i18n.t('cancel')}
        </Button>
      </div>
    </form>
  );
}
