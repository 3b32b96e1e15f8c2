/** Time is a dependency: handlers read it from here so that tests can freeze and move it. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  advanceSeconds(seconds: number): void;
  set(epochMs: number): void;
}

export function createManualClock(startEpochMs = Date.UTC(2026, 10, 22, 9, 0, 0)): ManualClock {
  let current = startEpochMs;
  return {
    now: () => current,
    advanceSeconds: (seconds) => {
      current += seconds * 1000;
    },
    set: (epochMs) => {
      current = epochMs;
    },
  };
}
