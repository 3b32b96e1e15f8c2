/**
 * The reviews part of the storage interface (issue 42, kysely-review-storage.ts, migration 0022): the
 * companies of the reviews site, the claims by which an account comes to manage one (with the proof
 * document's bytes, kept as the complaints' attachments are), the reviews an account wrote, a company's
 * replies and the helpful votes. Every read or write of "mine" takes the account id, so no call can
 * reach another account's review or claim (docs/reviews.md).
 */
import type { ClaimStatus, ReviewStatus } from '../contract/reviews.js';

export interface ReviewCompany {
  id: string;
  name: string;
  /** The company's path on the reviews site: `/company/{slug}`. */
  slug: string;
  category: string;
  /** A CDN source (docs/product.md §9), or null. */
  logoPath: string | null;
  taxpayerNumber: string | null;
  createdAt: number;
}

export interface CompanyClaim {
  id: string;
  companyId: string;
  userId: string;
  status: ClaimStatus;
  /** Why the operator refused it; null unless `rejected`. */
  reason: string | null;
  proofName: string;
  /** Checked by content (lib/attachment-type.ts): a picture or `application/pdf`. */
  proofMediaType: string;
  proofSize: number;
  createdAt: number;
  decidedAt: number | null;
}

export interface Review {
  id: string;
  companyId: string;
  userId: string;
  /** The rating in whole halves: 2 (one star) to 10 (five). */
  ratingHalves: number;
  text: string;
  /** CDN sources of the photos and videos, in the author's order. */
  attachments: string[];
  status: ReviewStatus;
  reason: string | null;
  createdAt: number;
  editedAt: number | null;
}

export interface StoredReply {
  reviewId: string;
  companyId: string;
  /** The manager who wrote it (their account). */
  userId: string;
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** A company's published reviews in sum: what its average and its unanswered count are computed from. */
export interface CompanyTally {
  companyId: string;
  count: number;
  halvesSum: number;
  unanswered: number;
}

export interface ReviewStorage {
  companies: {
    /** Adds the company, or answers the one with this taxpayer number already (`created` false). */
    insertOrFind(company: ReviewCompany): Promise<{ company: ReviewCompany; created: boolean }>;
    find(id: string): Promise<ReviewCompany | undefined>;
    /** The published reviews of these companies in sum (a company with none is left out). */
    tallies(companyIds: readonly string[]): Promise<CompanyTally[]>;
  };
  claims: {
    insert(claim: CompanyClaim, proof: Uint8Array): Promise<void>;
    /** The account's claims, newest first. */
    listOfUser(userId: string): Promise<CompanyClaim[]>;
    /** This account's claim of the company that is open or approved, if any. */
    findActive(companyId: string, userId: string): Promise<CompanyClaim | undefined>;
    /** Whether the account is the company's approved manager. */
    isManager(companyId: string, userId: string): Promise<boolean>;
    find(id: string): Promise<CompanyClaim | undefined>;
    /** Every claim of one status, oldest first (the operator's queue). */
    listByStatus(status: ClaimStatus, offset: number, limit: number): Promise<CompanyClaim[]>;
    proof(id: string): Promise<Buffer | undefined>;
    /**
     * The operator's decision on a claim in moderation. An approval is refused (false) when another
     * account manages the company already; any decision is refused when the claim is no longer in moderation.
     */
    decide(
      id: string,
      decision: { status: 'approved' | 'rejected'; reason: string | null },
      at: number,
    ): Promise<boolean>;
  };
  reviews: {
    insert(review: Review): Promise<void>;
    /** The account's own review, or undefined (another's is not found). */
    findOfUser(id: string, userId: string): Promise<Review | undefined>;
    find(id: string): Promise<Review | undefined>;
    /** The account's reviews, of one status or all, newest first, and how many there are. */
    listOfUser(
      userId: string,
      status: ReviewStatus | null,
      offset: number,
      limit: number,
    ): Promise<{ count: number; results: Review[] }>;
    /** A company's published reviews, newest first (its manager's list to answer). */
    listOfCompany(companyId: string, offset: number, limit: number): Promise<{ count: number; results: Review[] }>;
    /** The author's edit; false when the review is not theirs. */
    edit(
      id: string,
      userId: string,
      changes: Pick<Review, 'ratingHalves' | 'text' | 'attachments' | 'status' | 'reason'>,
      at: number,
    ): Promise<boolean>;
    /** The author removes it, with its reply and votes; false when it is not theirs. */
    remove(id: string, userId: string): Promise<boolean>;
    /** The operator's decision on a review in moderation; false when it is not in moderation. */
    moderate(id: string, decision: { status: 'published' | 'rejected'; reason: string | null }): Promise<boolean>;
    /** Writes or replaces the company's reply to its published review; false when it is not one. */
    reply(reply: StoredReply): Promise<boolean>;
    replies(reviewIds: readonly string[]): Promise<StoredReply[]>;
    /** One helpful vote per account per review (not the author's own); false when counted already. */
    vote(reviewId: string, userId: string, at: number): Promise<boolean>;
    /** How many helpful votes each of these reviews has. */
    voteCounts(reviewIds: readonly string[]): Promise<Map<string, number>>;
    /** When the votes on the author's reviews were given, oldest first, at most `limit`. */
    voteTimesOfAuthor(userId: string, limit: number): Promise<number[]>;
    /**
     * An erased account's reviews (with their replies and votes), its votes and its claims (services/erase-job.ts).
     * The replies it wrote as a manager stay: they are the company's.
     */
    removeOfUser(userId: string): Promise<void>;
  };
}
