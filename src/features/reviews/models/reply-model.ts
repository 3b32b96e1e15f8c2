/**
 * The company's reply to one published review (docs/api.md, POST companies/{id}/reviews/{review}/reply/):
 * 1 to 2,000 characters, trimmed, checked here as the server does; writing it again replaces the one
 * reply. What was typed stays through a refusal.
 */
import { REPLY_TEXT_MAX_LENGTH } from '../../../../server/src/contract/reviews.js';
import { createForm, type ShowError } from '../../../lib/form';
import type { CompaniesApi, CompanyReview } from '../api/companies-api';

export function createReplyModel(deps: {
  api: CompaniesApi;
  showError: ShowError;
  companyId: string;
  review: CompanyReview;
  onSaved: (review: CompanyReview) => void;
}) {
  const form = createForm(deps.showError);
  const text = form.field('text', deps.review.reply?.text ?? '');

  async function save(): Promise<void> {
    const typed = text.value.trim();
    if (typed === '') return form.setError(text.name, 'field_required');
    if (typed.length > REPLY_TEXT_MAX_LENGTH) return form.setError(text.name, 'field_too_long');
    const saved = await form.attempt(() => deps.api.reply(deps.companyId, deps.review.id, typed));
    if (saved) deps.onSaved(saved);
  }

  return { form, text, save };
}

export type ReplyModel = ReturnType<typeof createReplyModel>;
