/**
 * Reviews over Kysely (review-storage.ts, migration 0022): an account's reviews, only ever found with its
 * id; a company's replies and the helpful votes, one per account per review (the primary key).
 */
import type { Kysely, Selectable } from 'kysely';
import type { ReviewStatus } from '../contract/reviews.js';
import { changed, deleted, integer, optionalInteger } from './dialect.js';
import { companyStorageOn } from './kysely-company-storage.js';
import type { ReviewsTable } from './review-schema.js';
import type { ReviewStorage } from './review-storage.js';
import type { Database } from './schema.js';

function attachmentsFrom(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
}

const reviewFrom = (row: Selectable<ReviewsTable>) => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  ratingHalves: integer(row.rating_halves),
  text: row.text,
  attachments: attachmentsFrom(row.attachments),
  status: row.status as ReviewStatus,
  reason: row.reason,
  createdAt: integer(row.created_at),
  editedAt: optionalInteger(row.edited_at),
});

export function reviewStorageOn(db: Kysely<Database>): ReviewStorage {
  async function page(
    query: ReturnType<typeof filtered>,
    offset: number,
    limit: number,
  ): Promise<{ count: number; results: ReturnType<typeof reviewFrom>[] }> {
    const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { count: integer(count), results: rows.map(reviewFrom) };
  }
  const filtered = (column: 'user_id' | 'company_id', value: string) =>
    db.selectFrom('reviews').where(column, '=', value);

  return {
    ...companyStorageOn(db),
    reviews: {
      async insert(review) {
        await db
          .insertInto('reviews')
          .values({
            id: review.id,
            company_id: review.companyId,
            user_id: review.userId,
            rating_halves: review.ratingHalves,
            text: review.text,
            attachments: JSON.stringify(review.attachments),
            status: review.status,
            reason: review.reason,
            created_at: review.createdAt,
            edited_at: review.editedAt,
          })
          .execute();
      },
      async findOfUser(id, userId) {
        const row = await filtered('user_id', userId).selectAll().where('id', '=', id).executeTakeFirst();
        return row ? reviewFrom(row) : undefined;
      },
      async find(id) {
        const row = await db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? reviewFrom(row) : undefined;
      },
      async listOfUser(userId, status, offset, limit) {
        const query = filtered('user_id', userId);
        return page(status === null ? query : query.where('status', '=', status), offset, limit);
      },
      async listOfCompany(companyId, offset, limit) {
        return page(filtered('company_id', companyId).where('status', '=', 'published'), offset, limit);
      },
      async edit(id, userId, changes, at) {
        const result = await db
          .updateTable('reviews')
          .set({
            rating_halves: changes.ratingHalves,
            text: changes.text,
            attachments: JSON.stringify(changes.attachments),
            status: changes.status,
            reason: changes.reason,
            edited_at: at,
          })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return changed(result);
      },
      async remove(id, userId) {
        const result = await db
          .deleteFrom('reviews')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!deleted(result)) return false;
        await db.deleteFrom('review_replies').where('review_id', '=', id).execute();
        await db.deleteFrom('review_votes').where('review_id', '=', id).execute();
        return true;
      },
      async moderate(id, decision) {
        const result = await db
          .updateTable('reviews')
          .set({ status: decision.status, reason: decision.reason })
          .where('id', '=', id)
          .where('status', '=', 'in_moderation')
          .executeTakeFirst();
        return changed(result);
      },
      async reply(reply) {
        const review = await db
          .selectFrom('reviews')
          .select('id')
          .where('id', '=', reply.reviewId)
          .where('company_id', '=', reply.companyId)
          .where('status', '=', 'published')
          .executeTakeFirst();
        if (!review) return false;
        await db
          .insertInto('review_replies')
          .values({
            review_id: reply.reviewId,
            company_id: reply.companyId,
            user_id: reply.userId,
            text: reply.text,
            created_at: reply.createdAt,
            updated_at: reply.updatedAt,
          })
          .onConflict((conflict) =>
            conflict
              .column('review_id')
              .doUpdateSet({ text: reply.text, user_id: reply.userId, updated_at: reply.updatedAt }),
          )
          .execute();
        return true;
      },
      async replies(reviewIds) {
        if (reviewIds.length === 0) return [];
        const rows = await db
          .selectFrom('review_replies')
          .selectAll()
          .where('review_id', 'in', [...reviewIds])
          .execute();
        return rows.map((row) => ({
          reviewId: row.review_id,
          companyId: row.company_id,
          userId: row.user_id,
          text: row.text,
          createdAt: integer(row.created_at),
          updatedAt: integer(row.updated_at),
        }));
      },
      async vote(reviewId, userId, at) {
        const review = await db
          .selectFrom('reviews')
          .select('id')
          .where('id', '=', reviewId)
          .where('user_id', '<>', userId)
          .executeTakeFirst();
        if (!review) return false;
        const result = await db
          .insertInto('review_votes')
          .values({ review_id: reviewId, user_id: userId, created_at: at })
          .onConflict((conflict) => conflict.columns(['review_id', 'user_id']).doNothing())
          .executeTakeFirst();
        return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
      },
      async voteCounts(reviewIds) {
        const counts = new Map<string, number>();
        if (reviewIds.length === 0) return counts;
        const rows = await db
          .selectFrom('review_votes')
          .where('review_id', 'in', [...reviewIds])
          .groupBy('review_id')
          .select((eb) => ['review_id', eb.fn.countAll<number>().as('count')])
          .execute();
        for (const row of rows) counts.set(row.review_id, integer(row.count));
        return counts;
      },
      async voteTimesOfAuthor(userId, limit) {
        const rows = await db
          .selectFrom('review_votes')
          .innerJoin('reviews', 'reviews.id', 'review_votes.review_id')
          .where('reviews.user_id', '=', userId)
          .select('review_votes.created_at')
          .orderBy('review_votes.created_at')
          .limit(limit)
          .execute();
        return rows.map((row) => integer(row.created_at));
      },
      async removeOfUser(userId) {
        const ids = db.selectFrom('reviews').select('id').where('user_id', '=', userId);
        await db.deleteFrom('review_replies').where('review_id', 'in', ids).execute();
        await db.deleteFrom('review_votes').where('review_id', 'in', ids).execute();
        await db.deleteFrom('review_votes').where('user_id', '=', userId).execute();
        await db.deleteFrom('reviews').where('user_id', '=', userId).execute();
        await db.deleteFrom('company_claims').where('user_id', '=', userId).execute();
      },
    },
  };
}
