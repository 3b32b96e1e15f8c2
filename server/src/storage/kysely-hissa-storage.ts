/**
 * Hissa over Kysely (hissa-storage.ts, migration 0023): the tally of a project is summed from the
 * contributions whose payment receipt is paid, in the same query that reads the project; one
 * contribution per account and Idempotency-Key (a unique index), so a retried request finds the first.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { HissaProjectStatus } from '../contract/hissa.js';
import { integer } from './dialect.js';
import type { HissaContributionsTable, HissaProjectsTable } from './hissa-schema.js';
import type { HissaContribution, HissaProjectTally, HissaStorage } from './hissa-storage.js';
import type { StoredReceiptStatus } from './payment-storage.js';
import type { Database } from './schema.js';

type ProjectRow = Selectable<HissaProjectsTable> & { raised_online: unknown; contributors_online: unknown };

const projectFrom = (row: ProjectRow): HissaProjectTally => ({
  id: row.id,
  title: row.title,
  text: row.text,
  region: row.region,
  district: row.district,
  goal: integer(row.goal),
  raisedOffline: integer(row.raised_offline),
  contributorsOffline: integer(row.contributors_offline),
  deadline: integer(row.deadline),
  coverPath: row.cover_path,
  status: row.status as HissaProjectStatus,
  createdAt: integer(row.created_at),
  raised: integer(row.raised_offline) + integer((row.raised_online as number | string | null) ?? 0),
  contributors: integer(row.contributors_offline) + integer((row.contributors_online as number | string | null) ?? 0),
});

const contributionFrom = (row: Selectable<HissaContributionsTable>): HissaContribution => ({
  id: row.id,
  projectId: row.project_id,
  userId: row.user_id,
  amount: integer(row.amount),
  receiptId: row.receipt_id,
  payKey: row.pay_key,
  createdAt: integer(row.created_at),
});

/** The paid contributions of the row's project: their sum and how many accounts made them. */
function tally(eb: ExpressionBuilder<Database & { p: HissaProjectsTable }, 'p'>) {
  const paid = eb
    .selectFrom('hissa_contributions as c')
    .innerJoin('payment_receipts as r', 'r.id', 'c.receipt_id')
    .whereRef('c.project_id', '=', 'p.id')
    .where('r.status', '=', 'paid');
  return [
    paid.select(sql<number>`coalesce(sum(c.amount), 0)`.as('s')).as('raised_online'),
    paid.select(sql<number>`count(distinct c.user_id)`.as('n')).as('contributors_online'),
  ] as const;
}

export function hissaStorageOn(db: Kysely<Database>): HissaStorage {
  const projects = () => db.selectFrom('hissa_projects as p');

  return {
    hissaProjects: {
      async insert(project) {
        await db
          .insertInto('hissa_projects')
          .values({
            id: project.id,
            title: project.title,
            text: project.text,
            region: project.region,
            district: project.district,
            goal: project.goal,
            raised_offline: project.raisedOffline,
            contributors_offline: project.contributorsOffline,
            deadline: project.deadline,
            cover_path: project.coverPath,
            status: project.status,
            created_at: project.createdAt,
          })
          .execute();
      },
      async find(id) {
        const row = await projects()
          .selectAll('p')
          .select((eb) => tally(eb))
          .where('p.id', '=', id)
          .executeTakeFirst();
        return row && projectFrom(row);
      },
      async listNear(place, offset, limit) {
        let query = projects().where('p.region', '=', place.region);
        if (place.onlyDistrict && place.district !== null) query = query.where('p.district', '=', place.district);
        const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
        const rows = await query
          .selectAll('p')
          .select((eb) => tally(eb))
          .orderBy(sql`case when p.district = ${place.district ?? ''} then 0 else 1 end`)
          .orderBy(sql`case when p.status = 'open' then 0 else 1 end`)
          .orderBy('p.deadline', 'asc')
          .orderBy('p.id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute();
        return { count: integer(count), results: rows.map(projectFrom) };
      },
    },
    hissaUpdates: {
      async insert(update) {
        await db
          .insertInto('hissa_updates')
          .values({ id: update.id, project_id: update.projectId, text: update.text, created_at: update.createdAt })
          .execute();
      },
      async listByProject(projectId) {
        const rows = await db
          .selectFrom('hissa_updates')
          .selectAll()
          .where('project_id', '=', projectId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map((row) => ({
          id: row.id,
          projectId: row.project_id,
          text: row.text,
          createdAt: integer(row.created_at),
        }));
      },
    },
    hissaContributions: {
      async insertOrFind(contribution) {
        const inserted = await db
          .insertInto('hissa_contributions')
          .values({
            id: contribution.id,
            project_id: contribution.projectId,
            user_id: contribution.userId,
            amount: contribution.amount,
            receipt_id: contribution.receiptId,
            pay_key: contribution.payKey,
            created_at: contribution.createdAt,
          })
          .onConflict((conflict) => conflict.columns(['user_id', 'pay_key']).doNothing())
          .executeTakeFirst();
        const created = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
        const found = await this.findByKey(contribution.userId, contribution.payKey);
        if (!found) throw new Error('hissa contribution vanished after insert');
        return { contribution: found, created };
      },
      async findByKey(userId, payKey) {
        const row = await db
          .selectFrom('hissa_contributions')
          .selectAll()
          .where('user_id', '=', userId)
          .where('pay_key', '=', payKey)
          .executeTakeFirst();
        return row && contributionFrom(row);
      },
      async listByUser(userId, offset, limit) {
        const mine = db
          .selectFrom('hissa_contributions as c')
          .innerJoin('hissa_projects as p', 'p.id', 'c.project_id')
          .innerJoin('payment_receipts as r', 'r.id', 'c.receipt_id')
          .where('c.user_id', '=', userId);
        const { count } = await mine.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
        const rows = await mine
          .selectAll('c')
          .select(['p.title as project_title', 'r.status as receipt_status'])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        return {
          count: integer(count),
          results: rows.map((row) => ({
            ...contributionFrom(row),
            projectTitle: row.project_title,
            receiptStatus: row.receipt_status as StoredReceiptStatus,
          })),
        };
      },
    },
  };
}
