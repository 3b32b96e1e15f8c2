/**
 * Complaints (issue 38, docs/api.md, Complaints): filed from the help centre, read back by their
 * account as a paged table and a thread, answered by support through the operator API.
 */

export const COMPLAINT_CATEGORY_VALUES = ['sign_in', 'codes', 'payments', 'partner_app', 'privacy', 'other'] as const;
export type ComplaintCategoryValue = (typeof COMPLAINT_CATEGORY_VALUES)[number];
export type ComplaintStatusValue = 'new' | 'in_progress' | 'answered' | 'closed';

/** The longest subject and text, in characters, both sides: the form counts with the same numbers. */
export const COMPLAINT_SUBJECT_MAX_LENGTH = 150;
export const COMPLAINT_TEXT_MAX_LENGTH = 5000;
/** How many files one complaint may carry, and how large each, in bytes. */
export const COMPLAINT_ATTACHMENTS_MAX = 3;
export const COMPLAINT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The multipart form of POST /common/api/v1/help/complaints/, each a text field but `attachment`
 * (a file, repeated up to COMPLAINT_ATTACHMENTS_MAX times). `request_id` only when signed out: the
 * proof of a `complaint` code sent to the contact the answer goes to.
 */
export interface ComplaintForm {
  category: ComplaintCategoryValue;
  subject: string;
  text: string;
  request_id?: string;
}

export interface ComplaintFiled {
  id: string;
  number: number;
}

export interface ComplaintSummary {
  id: string;
  number: number;
  created_at: string;
  updated_at: string;
  category: ComplaintCategoryValue;
  subject: string;
  status: ComplaintStatusValue;
}

export interface ComplaintPage {
  /** Every complaint of the account, not only this page's. */
  count: number;
  results: ComplaintSummary[];
}

export interface ComplaintMessageView {
  author: 'person' | 'operator';
  text: string;
  created_at: string;
}

export interface ComplaintAttachmentView {
  id: string;
  name: string;
  media_type: string;
  size: number;
}

export interface ComplaintThread extends ComplaintSummary {
  messages: ComplaintMessageView[];
  attachments: ComplaintAttachmentView[];
}

/** The operator's view: the thread and where the answer goes (masked). */
export interface OperatorComplaint extends ComplaintThread {
  contact: string;
  /** Whether it belongs to an account (and shows in its My complaints). */
  has_account: boolean;
}

export interface OperatorComplaintList {
  results: OperatorComplaint[];
}

export interface ComplaintAnswer {
  text: string;
}
