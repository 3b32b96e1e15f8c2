import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleEraseJob } from './erase-job.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleEraseJob', () => {
  it('runs the job every hour until stopped, and logs a failure instead of throwing', async () => {
    vi.useFakeTimers();
    const run = vi.fn<() => Promise<number>>().mockResolvedValueOnce(1).mockRejectedValueOnce(new Error('disk full')).mockResolvedValue(0);
    const log = vi.fn<(message: string, error?: unknown) => void>();
    const stop = scheduleEraseJob(run, log);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(log).toHaveBeenCalledWith('erasing deactivated accounts failed', expect.any(Error));
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60 * 60 * 1000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
