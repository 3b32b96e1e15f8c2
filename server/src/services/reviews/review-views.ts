/**
 * The reviews' records as the API shows them (docs/api.md, Reviews): each with its company, reply and
 * helpful votes, read in one batch per page rather than one query per review.
 */
import {
  attachmentKind,
  roundToHalf,
  type CompanyReview,
  type MyCompany,
  type MyReview,
  type ReviewCompanyRef,
  type ReviewReply,
} from '../../contract/reviews.js';
import type { CompanyClaim, Review, ReviewCompany, StoredReply, Storage } from '../../storage/storage.js';

const iso = (at: number) => new Date(at).toISOString();
/** A company's page, a path under the reviews site (and under the business reviews path for its manager). */
export const companyPath = (company: ReviewCompany) => `/company/${company.slug}`;

const companyRef = (company: ReviewCompany): ReviewCompanyRef => ({
  id: company.id,
  name: company.name,
  logo: company.logoPath,
  link: companyPath(company),
});

const replyView = (reply: StoredReply | undefined): ReviewReply | null =>
  reply ? { text: reply.text, created_at: iso(reply.createdAt), updated_at: iso(reply.updatedAt) } : null;

const attachmentsOf = (review: Review) => review.attachments.map((path) => ({ path, kind: attachmentKind(path) }));

async function extrasOf(storage: Storage, reviews: readonly Review[]) {
  const ids = reviews.map((review) => review.id);
  const [replies, votes] = await Promise.all([storage.reviews.replies(ids), storage.reviews.voteCounts(ids)]);
  return { replies: new Map(replies.map((reply) => [reply.reviewId, reply])), votes };
}

export async function myReviews(storage: Storage, reviews: readonly Review[]): Promise<MyReview[]> {
  const { replies, votes } = await extrasOf(storage, reviews);
  const companyIds = [...new Set(reviews.map((review) => review.companyId))];
  const companies = new Map<string, ReviewCompany>();
  for (const id of companyIds) {
    const company = await storage.companies.find(id);
    if (company) companies.set(id, company);
  }
  return reviews.flatMap((review) => {
    const company = companies.get(review.companyId);
    if (!company) return [];
    return [
      {
        id: review.id,
        company: companyRef(company),
        rating: review.ratingHalves / 2,
        text: review.text,
        attachments: attachmentsOf(review),
        status: review.status,
        reason: review.status === 'rejected' ? review.reason : null,
        reply: replyView(replies.get(review.id)),
        helpful: votes.get(review.id) ?? 0,
        created_at: iso(review.createdAt),
        edited_at: review.editedAt === null ? null : iso(review.editedAt),
      },
    ];
  });
}

/** A company's reviews as its manager sees them: the author by first name and the initial of the last. */
export async function companyReviews(storage: Storage, reviews: readonly Review[]): Promise<CompanyReview[]> {
  const { replies, votes } = await extrasOf(storage, reviews);
  const results: CompanyReview[] = [];
  for (const review of reviews) {
    const author = await storage.users.findById(review.userId);
    const initial = author?.lastName ? ` ${author.lastName.slice(0, 1)}.` : '';
    results.push({
      id: review.id,
      author: author ? `${author.firstName}${initial}`.trim() : '',
      rating: review.ratingHalves / 2,
      text: review.text,
      attachments: attachmentsOf(review),
      reply: replyView(replies.get(review.id)),
      helpful: votes.get(review.id) ?? 0,
      created_at: iso(review.createdAt),
    });
  }
  return results;
}

/** The account's companies, one per claim (newest first), with the published reviews' tally. */
export async function myCompanies(storage: Storage, claims: readonly CompanyClaim[]): Promise<MyCompany[]> {
  const tallies = new Map(
    (await storage.companies.tallies(claims.map((claim) => claim.companyId))).map((tally) => [tally.companyId, tally]),
  );
  const results: MyCompany[] = [];
  for (const claim of claims) {
    const company = await storage.companies.find(claim.companyId);
    if (!company) continue;
    const tally = tallies.get(company.id);
    results.push({
      id: company.id,
      claim_id: claim.id,
      name: company.name,
      category: company.category,
      logo: company.logoPath,
      taxpayer_number: company.taxpayerNumber ?? '',
      status: claim.status,
      reason: claim.status === 'rejected' ? claim.reason : null,
      rating: tally && tally.count > 0 ? roundToHalf(tally.halvesSum / tally.count / 2) : null,
      review_count: tally?.count ?? 0,
      unanswered_count: tally?.unanswered ?? 0,
      business_link: companyPath(company),
      created_at: iso(claim.createdAt),
    });
  }
  return results;
}
