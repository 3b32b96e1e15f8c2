/**
 * Background jobs once across instances: the runner runs a job only with its lease, records a
 * finished run, leaves a failed one to be tried again once its lease lapses, and the schedule asks
 * now and every JOB_POLL_SECONDS until stopped. (Two instances at once: many-instances.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_LEASE_SECONDS, JOB_POLL_SECONDS } from '../config/policy.js';
import { useTestServer } from '../test-support/test-server.js';
import { createJobRunner, scheduleJobs, type Job, type JobRunner } from './job-runner.js';

const server = useTestServer();
const HOUR_SECONDS = 60 * 60;

afterEach(() => {
  vi.useRealTimers();
});

describe('createJobRunner', () => {
  it('runs a due job and records the run; a run that failed leaves the job to be tried once its lease lapses', async () => {
    const runner = createJobRunner(server.storage, server.clock, 'this-instance');
    let failing = true;
    const runs: number[] = [];
    const job: Job = {
      name: 'sweep',
      intervalSeconds: HOUR_SECONDS,
      run: async () => {
        runs.push(server.clock.now());
        if (failing) throw new Error('database gone');
      },
    };
    await expect(runner.runIfDue(job)).rejects.toThrow('database gone');
    expect(await runner.runIfDue(job)).toBe(false);
    server.clock.advanceSeconds(JOB_LEASE_SECONDS);
    failing = false;
    expect(await runner.runIfDue(job)).toBe(true);
    expect(await server.storage.jobLeases.get('sweep')).toEqual({
      name: 'sweep',
      holder: 'this-instance',
      leaseUntil: null,
      lastRunAt: server.clock.now(),
    });
    server.clock.advanceSeconds(HOUR_SECONDS - 1);
    expect(await runner.runIfDue(job)).toBe(false);
    server.clock.advanceSeconds(1);
    expect(await runner.runIfDue(job)).toBe(true);
    expect(runs).toHaveLength(3);
  });
});

describe('scheduleJobs', () => {
  it('asks about every job at once and every poll until stopped, and logs a failure instead of throwing', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const runner: JobRunner = {
      runIfDue: async (job) => {
        asked.push(job.name);
        if (job.name === 'broken') throw new Error('disk full');
        return true;
      },
    };
    const jobs = ['erase', 'broken'].map((name) => ({ name, intervalSeconds: HOUR_SECONDS, run: async () => {} }));
    const log = vi.fn<(message: string, error?: unknown) => void>();
    const stop = scheduleJobs(runner, jobs, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['erase', 'broken']);
    expect(log).toHaveBeenCalledWith('the broken job failed', expect.any(Error));
    await vi.advanceTimersByTimeAsync(JOB_POLL_SECONDS * 1000 - 1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(4);
    stop();
    await vi.advanceTimersByTimeAsync(10 * JOB_POLL_SECONDS * 1000);
    expect(asked).toHaveLength(4);
  });
});
