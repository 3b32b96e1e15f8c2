/** The reviews site's companies and the claims to manage them over Kysely (review-storage.ts, migration 0022). */
import type { Kysely, Selectable } from 'kysely';
import type { ClaimStatus } from '../contract/reviews.js';
import { changed, integer, optionalInteger } from './dialect.js';
import type { CompanyClaimsTable, ReviewCompaniesTable } from './review-schema.js';
import type { CompanyClaim, ReviewCompany, ReviewStorage } from './review-storage.js';
import type { Database } from './schema.js';

const companyFrom = (row: Selectable<ReviewCompaniesTable>): ReviewCompany => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  category: row.category,
  logoPath: row.logo_path,
  taxpayerNumber: row.taxpayer_number,
  createdAt: integer(row.created_at),
});

const CLAIM_COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'status',
  'reason',
  'proof_name',
  'proof_media_type',
  'proof_size',
  'created_at',
  'decided_at',
] as const;

const claimFrom = (row: Omit<Selectable<CompanyClaimsTable>, 'proof_data'>): CompanyClaim => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  status: row.status as ClaimStatus,
  reason: row.reason,
  proofName: row.proof_name,
  proofMediaType: row.proof_media_type,
  proofSize: integer(row.proof_size),
  createdAt: integer(row.created_at),
  decidedAt: optionalInteger(row.decided_at),
});

export function companyStorageOn(db: Kysely<Database>): Pick<ReviewStorage, 'companies' | 'claims'> {
  return {
    companies: {
      async insertOrFind(company) {
        const inserted = await db
          .insertInto('review_companies')
          .values({
            id: company.id,
            name: company.name,
            slug: company.slug,
            category: company.category,
            logo_path: company.logoPath,
            taxpayer_number: company.taxpayerNumber,
            created_at: company.createdAt,
          })
          .onConflict((conflict) => conflict.column('taxpayer_number').doNothing())
          .executeTakeFirst();
        const created = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
        let query = db.selectFrom('review_companies').selectAll();
        query = company.taxpayerNumber
          ? query.where('taxpayer_number', '=', company.taxpayerNumber)
          : query.where('id', '=', company.id);
        const row = await query.executeTakeFirstOrThrow();
        return { company: companyFrom(row), created };
      },
      async find(id) {
        const row = await db.selectFrom('review_companies').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? companyFrom(row) : undefined;
      },
      async tallies(companyIds) {
        if (companyIds.length === 0) return [];
        const rows = await db
          .selectFrom('reviews')
          .leftJoin('review_replies', 'review_replies.review_id', 'reviews.id')
          .where('reviews.company_id', 'in', [...companyIds])
          .where('reviews.status', '=', 'published')
          .groupBy('reviews.company_id')
          .select((eb) => [
            'reviews.company_id as companyId',
            eb.fn.countAll<number>().as('count'),
            eb.fn.sum<number>('reviews.rating_halves').as('halvesSum'),
            eb.fn.count<number>('review_replies.review_id').as('answered'),
          ])
          .execute();
        return rows.map((row) => ({
          companyId: row.companyId,
          count: integer(row.count),
          halvesSum: integer(row.halvesSum),
          unanswered: integer(row.count) - integer(row.answered),
        }));
      },
    },
    claims: {
      async insert(claim, proof) {
        await db
          .insertInto('company_claims')
          .values({
            id: claim.id,
            company_id: claim.companyId,
            user_id: claim.userId,
            status: claim.status,
            reason: claim.reason,
            proof_name: claim.proofName,
            proof_media_type: claim.proofMediaType,
            proof_size: claim.proofSize,
            proof_data: Buffer.from(proof),
            created_at: claim.createdAt,
            decided_at: claim.decidedAt,
          })
          .execute();
      },
      async listOfUser(userId) {
        const rows = await db
          .selectFrom('company_claims')
          .select(CLAIM_COLUMNS)
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(claimFrom);
      },
      async findActive(companyId, userId) {
        const row = await db
          .selectFrom('company_claims')
          .select(CLAIM_COLUMNS)
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          .where('status', 'in', ['in_moderation', 'approved'])
          .executeTakeFirst();
        return row ? claimFrom(row) : undefined;
      },
      async isManager(companyId, userId) {
        const row = await db
          .selectFrom('company_claims')
          .select('id')
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          .where('status', '=', 'approved')
          .executeTakeFirst();
        return row !== undefined;
      },
      async find(id) {
        const row = await db.selectFrom('company_claims').select(CLAIM_COLUMNS).where('id', '=', id).executeTakeFirst();
        return row ? claimFrom(row) : undefined;
      },
      async listByStatus(status, offset, limit) {
        const rows = await db
          .selectFrom('company_claims')
          .select(CLAIM_COLUMNS)
          .where('status', '=', status)
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map(claimFrom);
      },
      async proof(id) {
        const row = await db.selectFrom('company_claims').select('proof_data').where('id', '=', id).executeTakeFirst();
        return row ? Buffer.from(row.proof_data) : undefined;
      },
      async decide(id, decision, at) {
        let update = db
          .updateTable('company_claims')
          .set({ status: decision.status, reason: decision.reason, decided_at: at })
          .where('id', '=', id)
          .where('status', '=', 'in_moderation');
        // One manager per company: an approval is one statement that finds no other approved claim.
        if (decision.status === 'approved')
          update = update.where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('company_claims as other')
                  .select('other.id')
                  .whereRef('other.company_id', '=', 'company_claims.company_id')
                  .where('other.status', '=', 'approved'),
              ),
            ),
          );
        return changed(await update.executeTakeFirst());
      },
    },
  };
}
