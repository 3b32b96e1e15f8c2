/** The help centre's answer counters over Kysely: an upsert adds one, with no read before the write. */
import { sql, type Kysely } from 'kysely';
import { flag, integer, isSet } from './dialect.js';
import type { HelpFeedbackStorage } from './help-feedback-storage.js';
import type { Database } from './schema.js';

export function helpFeedbackStorageOn(db: Kysely<Database>): HelpFeedbackStorage {
  return {
    helpFeedback: {
      async count(articleId, locale, helpful) {
        await db
          .insertInto('help_feedback')
          .values({ article_id: articleId, locale, helpful: flag(helpful), votes: 1 })
          .onConflict((conflict) =>
            conflict
              .columns(['article_id', 'locale', 'helpful'])
              .doUpdateSet({ votes: sql<number>`help_feedback.votes + 1` }),
          )
          .execute();
      },

      async tally(articleId, locale) {
        let query = db.selectFrom('help_feedback').select(['helpful', 'votes']).where('article_id', '=', articleId);
        if (locale !== undefined) query = query.where('locale', '=', locale);
        const tally = { helpful: 0, notHelpful: 0 };
        for (const row of await query.execute()) {
          if (isSet(row.helpful)) tally.helpful += integer(row.votes);
          else tally.notHelpful += integer(row.votes);
        }
        return tally;
      },
    },
  };
}
