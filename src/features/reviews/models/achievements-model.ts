/**
 * My achievements (/projects/review/my-achievements): the six badges of docs/reviews.md, each earned (with
 * its date) or on its way (progress of goal), as the server computes them on each call.
 */
import { computed, signal } from '@preact/signals-react';
import type { Achievement } from '../../../../server/src/contract/reviews.js';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { ReviewsApi } from '../api/reviews-api';

/** How far along a badge is, from 0 to 100, whole. */
export const percent = (achievement: Achievement) =>
  achievement.goal > 0 ? Math.min(100, Math.floor((achievement.progress / achievement.goal) * 100)) : 0;

export function createAchievementsModel(deps: { api: ReviewsApi; showError: ShowError }) {
  const achievements = signal<Achievement[]>([]);
  const earned = computed(() => achievements.value.filter((item) => item.earned_at !== null).length);
  const screen = createScreenLoad(deps.showError, async () => {
    achievements.value = (await deps.api.achievements()).results;
  });
  return { state: screen.state, achievements, earned, load: screen.load };
}

export type AchievementsModel = ReturnType<typeof createAchievementsModel>;
