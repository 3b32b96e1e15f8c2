/**
 * Background jobs' leases over Kysely. Taking a lease is one upsert whose update happens only when
 * the lease is free and the last run is old enough (the same `ON CONFLICT … DO UPDATE … WHERE` as the
 * throttle's reservation): on PostgreSQL a second instance's upsert of the same row waits for the
 * first to commit and then finds the lease taken; SQLite has one writer.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { changed, optionalInteger } from './dialect.js';
import type { JobLeaseStorage } from './job-lease-storage.js';
import type { Database } from './schema.js';

export function jobLeaseStorageOn(db: Kysely<Database>): JobLeaseStorage {
  return {
    jobLeases: {
      async tryAcquire(name, holder, now, leaseMs, minIntervalMs) {
        const free = sql<SqlBool>`(job_leases.lease_until IS NULL OR job_leases.lease_until <= ${now})`;
        const due = sql<SqlBool>`(job_leases.last_run_at IS NULL OR job_leases.last_run_at <= ${now - minIntervalMs})`;
        const row = await db
          .insertInto('job_leases')
          .values({ name, holder, lease_until: now + leaseMs, last_run_at: null })
          .onConflict((conflict) =>
            conflict
              .column('name')
              .doUpdateSet({ holder, lease_until: now + leaseMs })
              .where(sql<SqlBool>`${free} AND ${due}`),
          )
          .returning('name')
          .executeTakeFirst();
        return row !== undefined;
      },

      async finish(name, holder, now) {
        const result = await db
          .updateTable('job_leases')
          .set({ lease_until: null, last_run_at: now })
          .where('name', '=', name)
          .where('holder', '=', holder)
          .where('lease_until', 'is not', null)
          .executeTakeFirst();
        return changed(result);
      },

      async get(name) {
        const row = await db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst();
        return (
          row && {
            name: row.name,
            holder: row.holder,
            leaseUntil: optionalInteger(row.lease_until),
            lastRunAt: optionalInteger(row.last_run_at),
          }
        );
      },
    },
  };
}
