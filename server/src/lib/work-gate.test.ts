import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkGate, WorkGateTimeoutError } from './work-gate.js';

/** Work that ends when the test says so, and says when it started. */
function controlled() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let started = false;
  const result = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      started = true;
      return result;
    },
    started: () => started,
    finish,
    fail,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a work gate', () => {
  it('runs at most its limit at once, and the rest in the order they came', async () => {
    const gate = createWorkGate(2);
    const works = [controlled(), controlled(), controlled(), controlled()];
    const answers = works.map((w) => gate.run(w.work));
    await settle();
    expect(works.map((w) => w.started())).toEqual([true, true, false, false]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });

    works[1]!.finish('b');
    await settle();
    expect(works.map((w) => w.started())).toEqual([true, true, true, false]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 1 });

    works[0]!.finish('a');
    works[2]!.finish('c');
    await settle();
    expect(works[3]!.started()).toBe(true);
    works[3]!.finish('d');
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a failed piece of work its error and its place to the next', async () => {
    const gate = createWorkGate(1);
    const first = controlled();
    const second = controlled();
    const failed = gate.run(first.work);
    const next = gate.run(second.work);
    first.fail(new Error('hash failed'));
    await expect(failed).rejects.toThrow('hash failed');
    await settle();
    expect(second.started()).toBe(true);
    second.finish('ok');
    expect(await next).toBe('ok');
  });

  it('starts waiting work at once when its limit rises, and lets running work finish when it falls', async () => {
    const gate = createWorkGate(1);
    const works = [controlled(), controlled(), controlled(), controlled()];
    const answers = works.map((w) => gate.run(w.work));
    await settle();
    gate.setLimit(3);
    await settle();
    expect(works.map((w) => w.started())).toEqual([true, true, true, false]);

    gate.setLimit(1);
    works[0]!.finish('a');
    works[1]!.finish('b');
    await settle();
    expect(gate.stats()).toEqual({ running: 1, waiting: 1 });
    expect(works[3]!.started()).toBe(false);
    works[2]!.finish('c');
    await settle();
    expect(works[3]!.started()).toBe(true);
    works[3]!.finish('d');
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a limit that is not a whole number from 1', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => createWorkGate(limit)).toThrow(RangeError);
    expect(() => createWorkGate(1).setLimit(0)).toThrow(RangeError);
  });
});

describe("a work gate's deadline", () => {
  // The timers are the test's: only setTimeout is faked, so settle() (setImmediate) still runs.
  afterEach(() => vi.useRealTimers());

  it('lets a piece of work wait at most maxWaitMs: past it, it leaves the queue, never runs, and is counted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const gate = createWorkGate(1, { maxWaitMs: 2000 });
    const works = [controlled(), controlled(), controlled()];
    const answers = works.map((w) => gate.run(w.work).catch((error: unknown) => error));
    await settle();
    vi.advanceTimersByTime(1999);
    await settle();
    expect(gate.stats()).toEqual({ running: 1, waiting: 2 });
    expect(gate.timedOut()).toBe(0);

    vi.advanceTimersByTime(1);
    expect(await answers[1]).toBeInstanceOf(WorkGateTimeoutError);
    expect(await answers[2]).toBeInstanceOf(WorkGateTimeoutError);
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 });
    expect(gate.timedOut()).toBe(2);

    // The running one is not hurried, and the timed-out ones never start.
    works[0]!.finish('a');
    expect(await answers[0]).toBe('a');
    await settle();
    expect(works.map((w) => w.started())).toEqual([true, false, false]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('clears the deadline of work whose turn came in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const gate = createWorkGate(1, { maxWaitMs: 2000 });
    const first = controlled();
    const second = controlled();
    const answers = [gate.run(first.work), gate.run(second.work)];
    vi.advanceTimersByTime(1500);
    first.finish('a');
    await settle();
    expect(second.started()).toBe(true);
    vi.advanceTimersByTime(10_000);
    second.finish('b');
    expect(await Promise.all(answers)).toEqual(['a', 'b']);
    expect(gate.timedOut()).toBe(0);
  });

  it('refuses a deadline that is not above 0 ms', () => {
    for (const maxWaitMs of [0, -1, Number.NaN]) expect(() => createWorkGate(1, { maxWaitMs })).toThrow(RangeError);
  });
});
