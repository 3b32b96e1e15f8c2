/**
 * Reviews, companies and achievements (issue 42, docs/reviews.md, docs/api.md, Reviews): the bodies of
 * `/reviews/api/v1/…` and the rules the SPA's fields and the server's parsing share: a rating in halves
 * from 1 to 5 (kept as whole halves, 2–10), the average rounded to the nearest half (docs/reviews.md,
 * Ratings and attachments), an attachment's media type by its extension (the same section) and the
 * taxpayer number (STIR/INN) of Uzbekistan. Pure and dependency-free (the browser imports this file).
 */

export const REVIEW_STATUSES = ['published', 'in_moderation', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const CLAIM_STATUSES = ['in_moderation', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const REVIEW_TEXT_MIN_LENGTH = 10;
export const REVIEW_TEXT_MAX_LENGTH = 5000;
export const REPLY_TEXT_MAX_LENGTH = 2000;
export const MODERATION_REASON_MAX_LENGTH = 500;
export const COMPANY_NAME_MAX_LENGTH = 120;
export const REVIEW_ATTACHMENTS_MAX = 10;
export const REVIEWS_MAX_PAGE_SIZE = 50;
/** A proof document (a registration certificate, a letter of authority): one PDF or picture, at most 5 MB. */
export const CLAIM_PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** A rating in halves (1, 1.5 … 5) as the whole number of halves it is (2 … 10); null when it is not one. */
export function ratingHalves(rating: unknown): number | null {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return null;
  const halves = rating * 2;
  return Number.isInteger(halves) && halves >= 2 && halves <= 10 ? halves : null;
}

/** The nearest half (docs/reviews.md): 4.24 → 4, 4.25 → 4.5, 4.74 → 4.5, 4.75 → 5. */
export const roundToHalf = (value: number): number => Math.round(value * 2) / 2;

export type AttachmentKind = 'image' | 'video' | 'unknown';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'];
const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv'];

/** Media type by extension (docs/reviews.md): images jpg … webp, videos mp4 … mkv, anything else unknown. */
export function attachmentKind(path: string): AttachmentKind {
  const name = path.split(/[?#]/)[0] ?? '';
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
  return 'unknown';
}

/**
 * Uzbekistan's taxpayer number (STIR, in Russian ИНН): nine digits, the first 2 or 3 for a legal entity and
 * 4 to 7 for a person (a sole trader), the ninth a control digit. The State Tax Committee does not publish
 * how the control digit is formed (lex.uz/acts/499945 says only that a computer forms it), so the check
 * is the form and the first digit; the operator checks the number against the registry with the proof
 * document before approving (docs/reviews.md, The taxpayer number).
 */
export function taxpayerNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^[2-7]\d{8}$/.test(digits) ? digits : null;
}

export interface ReviewCompanyRef {
  id: string;
  name: string;
  /** The company's logo as a CDN source (docs/product.md §9: `{cdn}/{size}/{source}`), or null. */
  logo: string | null;
  /** The company's page on the reviews site, a path under it: `/company/{slug}`. */
  link: string;
}

export interface ReviewAttachment {
  path: string;
  kind: AttachmentKind;
}

export interface ReviewReply {
  text: string;
  created_at: string;
  updated_at: string;
}

export interface MyReview {
  id: string;
  company: ReviewCompanyRef;
  rating: number;
  text: string;
  attachments: ReviewAttachment[];
  status: ReviewStatus;
  /** Why moderation rejected it; null unless `rejected`. */
  reason: string | null;
  reply: ReviewReply | null;
  helpful: number;
  created_at: string;
  edited_at: string | null;
}

export interface MyReviewPage {
  count: number;
  results: MyReview[];
}

/** `PATCH reviews/{id}/`: any of the three; `attachments` may keep or drop the review's own, never add. */
/**
 * A new review as the reviews site writes it (`POST /reviews/api/v1/reviews/`): the company's id, the
 * rating in halves and the text. Photos and videos come with the reviews site's own upload.
 */
export interface NewReview {
  company: string;
  rating: number;
  text: string;
}

export interface ReviewChanges {
  text?: string;
  rating?: number;
  attachments?: string[];
}

export interface MyCompany {
  id: string;
  claim_id: string;
  name: string;
  category: string;
  logo: string | null;
  taxpayer_number: string;
  status: ClaimStatus;
  reason: string | null;
  /** The average of the published reviews rounded to the nearest half; null with none. */
  rating: number | null;
  review_count: number;
  unanswered_count: number;
  /** The company's page on the business reviews path: `/company/{slug}` under it. */
  business_link: string;
  created_at: string;
}

export interface MyCompanyList {
  results: MyCompany[];
}

/** `POST companies/claims/` (multipart): these fields and one `proof` file. */
export interface CompanyClaimForm {
  name: string;
  taxpayer_number: string;
  category?: string;
}

export interface CompanyReview {
  id: string;
  author: string;
  rating: number;
  text: string;
  attachments: ReviewAttachment[];
  reply: ReviewReply | null;
  helpful: number;
  created_at: string;
}

export interface CompanyReviewPage {
  count: number;
  results: CompanyReview[];
}

export interface ReplyRequest {
  text: string;
}

export const ACHIEVEMENT_IDS = [
  'first_review',
  'ten_reviews',
  'photo_review',
  'helpful_votes',
  'verified_identity',
  'claimed_company',
] as const;
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];

export interface Achievement {
  id: AchievementId;
  /** When it was earned; null while not yet. */
  earned_at: string | null;
  progress: number;
  goal: number;
}

export interface AchievementList {
  results: Achievement[];
}

/** The operator's decision on a claim or a review: a rejection says why (shown to the person). */
export interface ModerationDecision {
  decision: 'approve' | 'reject';
  reason?: string;
}
