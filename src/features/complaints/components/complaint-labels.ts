/** The translation keys of a complaint's category and status, and the badge each status wears (docs/design.md, Badges). */
import type { ComplaintCategoryValue, ComplaintStatusValue } from '../../../../server/src/contract/complaints.js';

export const categoryKey = (category: ComplaintCategoryValue) => `complaint_category_${category}` as const;
export const statusKey = (status: ComplaintStatusValue) => `complaint_status_${status}` as const;

/** Answered is the good news (green); the others are neutral: none asks the person to act. */
export const STATUS_BADGE: Record<ComplaintStatusValue, string> = {
  new: 'badge badge-muted',
  in_progress: 'badge',
  answered: 'badge badge-success',
  closed: 'badge badge-muted',
};
