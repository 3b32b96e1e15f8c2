/**
 * A gate that lets at most `limit` pieces of asynchronous work run at once; the others wait their
 * turn in the order they came. lib/passwords.ts puts the password hashes behind one.
 */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many run now and how many wait (the metrics' gauge). */
  stats(): { running: number; waiting: number };
  /** A new limit: more room starts waiting work at once; less lets what runs finish. */
  setLimit(limit: number): void;
}

export function createWorkGate(initialLimit: number): WorkGate {
  let limit = checked(initialLimit);
  let running = 0;
  const waiting: Array<() => void> = [];

  function startWaiting(): void {
    while (running < limit && waiting.length > 0) {
      running++;
      waiting.shift()!();
    }
  }

  return {
    async run(work) {
      if (running < limit && waiting.length === 0) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        running--;
        startWaiting();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
    setLimit(next) {
      limit = checked(next);
      startWaiting();
    },
  };
}

function checked(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a work gate's limit must be a whole number from 1 (got ${limit})`);
  return limit;
}
