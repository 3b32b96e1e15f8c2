/**
 * The pages of one test file: each a fresh browser profile, all closed by `closeAll`, which fails the
 * test if any of them logged a console error or threw.
 */
import { expect } from 'vitest';
import { newPageFor, type TestPage } from './browser.js';
import type { RunningKirish } from './running-kirish.js';

export function usePagePool(kirish: RunningKirish, locale = 'en-US') {
  const open: TestPage[] = [];
  return {
    /** A fresh browser profile; every page must finish without console errors. */
    async freshPage(width = 1280): Promise<TestPage> {
      const page = await newPageFor(kirish.browser, { width, locale });
      open.push(page);
      return page;
    },
    async closeAll(): Promise<void> {
      for (const { context, errors } of open.splice(0)) {
        await context.close();
        expect(errors).toEqual([]);
      }
    },
  };
}

/** Phone numbers no other test of the file uses, so no code cooldown is shared between tests. */
export function phoneNumbers(first = 905550000): () => string {
  let seed = first;
  return () => {
    seed += 1;
    return `+998${seed}`;
  };
}
