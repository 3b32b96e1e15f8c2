/** `GET achievements/` (docs/api.md, Reviews): the account's badges, computed from its data (services/reviews/achievements.ts). */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import type { AchievementList } from '../../contract/reviews.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { achievementsOf } from '../../services/reviews/achievements.js';
import type { ReviewDeps } from './review-deps.js';

export function achievementRoutes({ storage, sessions }: ReviewDeps) {
  const app = new Hono<AppEnv>();
  app.get('/achievements/', requireAuth(sessions), async (c) =>
    c.json({ results: await achievementsOf(storage, c.get('auth').user.id) } satisfies AchievementList),
  );
  return app;
}
