import { describe, expect, it } from 'vitest';
import { createWorkGate } from './work-gate.js';

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
