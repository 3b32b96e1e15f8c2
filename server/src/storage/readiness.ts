/**
 * Whether this instance can serve (GET /readyz, issue 13): the database answers, and its schema is
 * the one this release was written for. Bounded in time: a database that hangs makes the instance
 * unready, not its probe hang.
 */
import { sql, type Kysely } from 'kysely';
import { migrationStatus } from './migrations.js';

export interface ReadinessReport {
  ready: boolean;
  /** `ok`, or why not: `unreachable` (an error or no answer in time). */
  database: 'ok' | 'unreachable';
  /** Migrations of this release not applied yet: the instance must not serve on the old schema. */
  pendingMigrations: string[];
  /**
   * Migrations applied by a newer release. Reported, but not a reason to stop serving: the upgrade
   * rules (docs/deploy.md, Upgrading) keep every migration one the previous release survives, so
   * during a rolling upgrade the old instances stay in the balancer while the new ones come up.
   */
  newerMigrations: string[];
}

export type ReadinessCheck = () => Promise<ReadinessReport>;

const DEFAULT_TIMEOUT_MS = 2000;

// oxlint-disable-next-line typescript/no-explicit-any -- any schema: only `select 1` and the migrations table are read
export function createReadinessCheck(db: Kysely<any>, timeoutMs = DEFAULT_TIMEOUT_MS): ReadinessCheck {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
    });
    try {
      const status = await Promise.race([
        (async () => {
          await sql`select 1`.execute(db);
          return migrationStatus(db);
        })(),
        timeout,
      ]);
      return {
        ready: status.pending.length === 0,
        database: 'ok',
        pendingMigrations: status.pending,
        newerMigrations: status.unknown,
      };
    } catch {
      return { ready: false, database: 'unreachable', pendingMigrations: [], newerMigrations: [] };
    } finally {
      clearTimeout(timer);
    }
  };
}
