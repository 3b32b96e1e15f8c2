/**
 * The help centre's "was this helpful?" answers (issue 38, kysely-help-feedback-storage.ts): counters
 * per article, locale and answer, not one row per vote, so nothing about who answered is kept.
 */
export interface HelpFeedbackTally {
  helpful: number;
  notHelpful: number;
}

export interface HelpFeedbackStorage {
  helpFeedback: {
    /** Counts one answer in a single statement: parallel answers, from any instance, are each counted once. */
    count(articleId: string, locale: string, helpful: boolean): Promise<void>;
    /** The answers an article had, all locales together, or by one locale. */
    tally(articleId: string, locale?: string): Promise<HelpFeedbackTally>;
  };
}
