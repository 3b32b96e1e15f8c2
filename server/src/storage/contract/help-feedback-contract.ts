/**
 * What the help centre's answer counters (kysely-help-feedback-storage.ts) promise (issue 38): each
 * answer is counted once, parallel ones included; articles, locales and answers are kept apart.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type OpenStorage, usingStorage } from './contract-records.js';

export function describeHelpFeedbackStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's help feedback`, () => {
    it('counts answers per article and answer, by locale or all together', () =>
      withStorage(async (storage) => {
        expect(await storage.helpFeedback.tally('terms')).toEqual({ helpful: 0, notHelpful: 0 });
        await storage.helpFeedback.count('terms', 'uz', true);
        await storage.helpFeedback.count('terms', 'uz', true);
        await storage.helpFeedback.count('terms', 'ru', false);
        await storage.helpFeedback.count('privacy-policy', 'uz', false);
        expect(await storage.helpFeedback.tally('terms')).toEqual({ helpful: 2, notHelpful: 1 });
        expect(await storage.helpFeedback.tally('terms', 'uz')).toEqual({ helpful: 2, notHelpful: 0 });
        expect(await storage.helpFeedback.tally('privacy-policy')).toEqual({ helpful: 0, notHelpful: 1 });
      }));

    it('counts 30 parallel answers exactly', () =>
      withStorage(async (storage) => {
        await Promise.all(Array.from({ length: 30 }, () => storage.helpFeedback.count('lost-phone', 'en', true)));
        expect(await storage.helpFeedback.tally('lost-phone')).toEqual({ helpful: 30, notHelpful: 0 });
      }));
  });
}
