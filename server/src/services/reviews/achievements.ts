/**
 * An account's achievements (issue 42, docs/reviews.md, Achievements), computed from its data on every
 * read, never stored: a badge is earned when the data says so, with the date the data gives, and one not
 * yet earned shows its progress towards its goal.
 */
import type { Achievement, AchievementId } from '../../contract/reviews.js';
import { attachmentKind } from '../../contract/reviews.js';
import type { Storage } from '../../storage/storage.js';

/** Helpful votes on the account's reviews for the `helpful_votes` badge. */
export const HELPFUL_VOTES_GOAL = 10;
export const TEN_REVIEWS_GOAL = 10;
/** More reviews than any badge counts are not read. */
const REVIEWS_READ = 1000;

/** The badge, earned at the `goal`-th of these times (sorted, oldest first), or its progress. */
function fromTimes(id: AchievementId, times: readonly number[], goal: number): Achievement {
  const at = times[goal - 1];
  return {
    id,
    earned_at: at === undefined ? null : new Date(at).toISOString(),
    progress: Math.min(times.length, goal),
    goal,
  };
}

export async function achievementsOf(storage: Storage, userId: string): Promise<Achievement[]> {
  const [{ results: reviews }, voteTimes, claims, user, validation] = await Promise.all([
    storage.reviews.listOfUser(userId, null, 0, REVIEWS_READ),
    storage.reviews.voteTimesOfAuthor(userId, HELPFUL_VOTES_GOAL),
    storage.claims.listOfUser(userId),
    storage.users.findById(userId),
    storage.validations.find(userId),
  ]);
  // A review counts once written and not refused by moderation (one in moderation counts already).
  const written = reviews
    .filter((review) => review.status !== 'rejected')
    .map((review) => ({
      at: review.createdAt,
      photo: review.attachments.some((path) => attachmentKind(path) === 'image'),
    }))
    .toSorted((a, b) => a.at - b.at);
  const claimed = claims
    .filter((claim) => claim.status === 'approved' && claim.decidedAt !== null)
    .map((claim) => claim.decidedAt as number)
    .toSorted((a, b) => a - b);
  const verified = user?.verificationStatus === 'verified' ? [validation?.updatedAt ?? user.updatedAt] : [];
  return [
    fromTimes(
      'first_review',
      written.map((entry) => entry.at),
      1,
    ),
    fromTimes(
      'ten_reviews',
      written.map((entry) => entry.at),
      TEN_REVIEWS_GOAL,
    ),
    fromTimes(
      'photo_review',
      written.filter((entry) => entry.photo).map((entry) => entry.at),
      1,
    ),
    fromTimes('helpful_votes', voteTimes, HELPFUL_VOTES_GOAL),
    fromTimes('verified_identity', verified, 1),
    fromTimes('claimed_company', claimed, 1),
  ];
}
