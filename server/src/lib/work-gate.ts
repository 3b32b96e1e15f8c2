/**
 * A gate that lets at most `limit` pieces of asynchronous work run at once; the others wait their
 * turn in the order they came, each for at most `maxWaitMs`: past it, it leaves the queue and its
 * `run` fails with WorkGateTimeoutError, so that under a flood the wait (and the queue) stays
 * bounded instead of growing with the flood. lib/passwords.ts puts the password hashes behind one.
 */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many run now and how many wait (the metrics' gauge). */
  stats(): { running: number; waiting: number };
  /** How many waits have reached their deadline since the start (the metrics' counter). */
  timedOut(): number;
  /** A new limit: more room starts waiting work at once; less lets what runs finish. */
  setLimit(limit: number): void;
  /** The longest wait of work queued from now on (undefined: no deadline). */
  setMaxWait(maxWaitMs: number | undefined): void;
}

/** A piece of work that waited its whole `maxWaitMs` for a turn, and so never ran. */
export class WorkGateTimeoutError extends Error {
  override name = 'WorkGateTimeoutError';
}

interface Waiter {
  start(): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function createWorkGate(initialLimit: number, options: { maxWaitMs?: number } = {}): WorkGate {
  let limit = checked(initialLimit);
  let running = 0;
  let timedOut = 0;
  const waiting: Waiter[] = [];
  let maxWaitMs = checkedWait(options.maxWaitMs);

  function startWaiting(): void {
    while (running < limit && waiting.length > 0) {
      running++;
      const next = waiting.shift()!;
      clearTimeout(next.timer);
      next.start();
    }
  }

  function turn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, timer: undefined };
      const deadlineMs = maxWaitMs;
      if (deadlineMs !== undefined) {
        waiter.timer = setTimeout(() => {
          const at = waiting.indexOf(waiter);
          if (at === -1) return;
          waiting.splice(at, 1);
          timedOut++;
          reject(new WorkGateTimeoutError(`no turn within ${deadlineMs} ms`));
        }, deadlineMs);
      }
      waiting.push(waiter);
    });
  }

  return {
    async run(work) {
      if (running < limit && waiting.length === 0) running++;
      else await turn();
      try {
        return await work();
      } finally {
        running--;
        startWaiting();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
    timedOut: () => timedOut,
    setLimit(next) {
      limit = checked(next);
      startWaiting();
    },
    setMaxWait(next) {
      maxWaitMs = checkedWait(next);
    },
  };
}

function checked(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`a work gate's limit must be a whole number from 1 (got ${limit})`);
  return limit;
}

function checkedWait(maxWaitMs: number | undefined): number | undefined {
  if (maxWaitMs !== undefined && !(maxWaitMs > 0))
    throw new RangeError(`a work gate's longest wait must be above 0 ms (got ${maxWaitMs})`);
  return maxWaitMs;
}
