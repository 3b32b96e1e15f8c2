/**
 * Editing one of my reviews (docs/api.md, PATCH reviews/{id}/): its text, its rating in halves and which of
 * its attachments stay. Any change sends it back to moderation, which the form says before saving. The
 * text's length is checked here as the server does, so the error shows beside the field at once.
 */
import { computed, signal } from '@preact/signals-react';
import {
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
  ratingHalves,
} from '../../../../server/src/contract/reviews.js';
import { createForm, type ShowError } from '../../../lib/form';
import type { MyReview, ReviewChanges, ReviewsApi } from '../api/reviews-api';

export function createReviewEditModel(deps: {
  api: ReviewsApi;
  showError: ShowError;
  review: MyReview;
  onSaved: (review: MyReview) => void;
}) {
  const form = createForm(deps.showError);
  const original = deps.review;
  const text = form.field('text', original.text);
  const rating = form.field('rating', original.rating);
  const kept = form.field<readonly string[]>(
    'attachments',
    original.attachments.map((item) => item.path),
  );
  const changes = computed<ReviewChanges>(() => {
    const next: ReviewChanges = {};
    if (text.value.trim() !== original.text) next.text = text.value.trim();
    if (rating.value !== original.rating) next.rating = rating.value;
    if (kept.value.length !== original.attachments.length) next.attachments = [...kept.value];
    return next;
  });
  const changed = computed(() => Object.keys(changes.value).length > 0);
  const saved = signal(false);

  function toggle(path: string): void {
    kept.set(kept.value.includes(path) ? kept.value.filter((item) => item !== path) : [...kept.value, path]);
  }

  function check(): boolean {
    const length = text.value.trim().length;
    if (length < REVIEW_TEXT_MIN_LENGTH) form.setError('text', 'review_text_too_short');
    else if (length > REVIEW_TEXT_MAX_LENGTH) form.setError('text', 'field_too_long');
    if (ratingHalves(rating.value) === null) form.setError('rating', 'review_rating_invalid');
    return Object.keys(form.errors.value).length === 0;
  }

  async function save(): Promise<void> {
    if (!check() || !changed.value) return;
    const review = await form.attempt(() => deps.api.edit(original.id, changes.value));
    if (!review) return;
    saved.value = true;
    deps.onSaved(review);
  }

  const paths = original.attachments.map((item) => item.path);
  return { form, text, rating, kept, paths, changed, saved, toggle, save };
}

export type ReviewEditModel = ReturnType<typeof createReviewEditModel>;
