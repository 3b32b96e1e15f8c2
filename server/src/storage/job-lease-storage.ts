/**
 * Background jobs' leases in the storage interface (kysely-job-lease-storage.ts): which instance
 * runs a job now and when a run last finished, so that a job runs once per interval however many
 * instances share the database (issue 13, services/job-runner.ts).
 */
export interface JobLease {
  name: string;
  holder: string;
  leaseUntil: number | null;
  lastRunAt: number | null;
}

export interface JobLeaseStorage {
  jobLeases: {
    /**
     * Takes the job's lease for `holder` until `now + leaseMs`, in a single statement, only when no
     * lease holds at `now` and no run finished within `minIntervalMs` before it. True when taken:
     * of any number of instances asking at once, at most one gets true.
     */
    tryAcquire(name: string, holder: string, now: number, leaseMs: number, minIntervalMs: number): Promise<boolean>;
    /** The holder's run finished at `now`: the lease is given back and the run recorded. False when the lease was no longer its own. */
    finish(name: string, holder: string, now: number): Promise<boolean>;
    get(name: string): Promise<JobLease | undefined>;
  };
}
