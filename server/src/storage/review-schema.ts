/** Row shapes of migration 0022's tables, as Kysely sees them (schema.ts composes them into `Database`). */

/** A company of the reviews site (review-storage.ts). */
export interface ReviewCompaniesTable {
  id: string;
  name: string;
  slug: string;
  category: string;
  logo_path: string | null;
  taxpayer_number: string | null;
  created_at: number;
}

/** An account's claim to manage a company, with its proof document (review-storage.ts). */
export interface CompanyClaimsTable {
  id: string;
  company_id: string;
  user_id: string;
  status: string;
  reason: string | null;
  proof_name: string;
  proof_media_type: string;
  proof_size: number;
  proof_data: Buffer;
  created_at: number;
  decided_at: number | null;
}

/** A review; `attachments` is a JSON array of CDN sources (review-storage.ts). */
export interface ReviewsTable {
  id: string;
  company_id: string;
  user_id: string;
  rating_halves: number;
  text: string;
  attachments: string;
  status: string;
  reason: string | null;
  created_at: number;
  edited_at: number | null;
}

/** The company's one reply to a review. */
export interface ReviewRepliesTable {
  review_id: string;
  company_id: string;
  user_id: string;
  text: string;
  created_at: number;
  updated_at: number;
}

/** One helpful vote of one account on one review. */
export interface ReviewVotesTable {
  review_id: string;
  user_id: string;
  created_at: number;
}

/** Migration 0022's tables, which schema.ts's `Database` extends. */
export interface ReviewTables {
  review_companies: ReviewCompaniesTable;
  company_claims: CompanyClaimsTable;
  reviews: ReviewsTable;
  review_replies: ReviewRepliesTable;
  review_votes: ReviewVotesTable;
}
