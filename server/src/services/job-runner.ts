/**
 * Background jobs that run once across instances (issue 13). Each instance asks every
 * JOB_POLL_SECONDS whether a job is due; a job runs on the instance that takes its lease row
 * (storage.jobLeases.tryAcquire: one statement, free lease and last run at least the job's interval
 * ago), so it runs once per interval however many instances ask. A lease row rather than a
 * PostgreSQL advisory lock: a lock only keeps two runs from overlapping, while the row also
 * remembers when the job last ran, and works the same on SQLite. A run that fails or whose
 * instance dies records nothing: its lease lapses after JOB_LEASE_SECONDS and the job is tried again.
 */
import { JOB_LEASE_SECONDS, JOB_POLL_SECONDS } from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';

export interface Job {
  /** The lease row's name: one per job, the same on every instance. */
  name: string;
  /** It runs at most once per this many seconds across all instances. */
  intervalSeconds: number;
  run(): Promise<void>;
}

export interface JobRunner {
  /** Runs the job if it is due and no other instance runs it; true when this instance ran it. */
  runIfDue(job: Job): Promise<boolean>;
}

/** `holder` names this instance in the lease rows: random at each start. */
export function createJobRunner(storage: Storage, clock: Clock, holder: string): JobRunner {
  return {
    async runIfDue(job) {
      const acquired = await storage.jobLeases.tryAcquire(
        job.name,
        holder,
        clock.now(),
        JOB_LEASE_SECONDS * 1000,
        job.intervalSeconds * 1000,
      );
      if (!acquired) return false;
      await job.run();
      await storage.jobLeases.finish(job.name, holder, clock.now());
      return true;
    },
  };
}

/**
 * Asks about every job now and every JOB_POLL_SECONDS, without keeping the process alive; returns the
 * stop. `ran` hears of each run this instance made: the operator's log line, one per job per interval.
 */
export function scheduleJobs(
  runner: JobRunner,
  jobs: readonly Job[],
  log: (message: string, error?: unknown) => void,
  ran: (job: Job) => void = () => undefined,
): () => void {
  const poll = () => {
    for (const job of jobs) {
      runner.runIfDue(job).then(
        (didRun) => (didRun ? ran(job) : undefined),
        (error: unknown) => log(`the ${job.name} job failed`, error),
      );
    }
  };
  poll();
  const timer = setInterval(poll, JOB_POLL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
