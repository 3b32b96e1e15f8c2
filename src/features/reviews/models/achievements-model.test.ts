import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type { ReviewsApi } from '../api/reviews-api';
import { createAchievementsModel, percent } from './achievements-model';

describe('my achievements', () => {
  it('counts the earned badges and how far the others are', async () => {
    const achievements = vi.fn<ReviewsApi['achievements']>(async () => ({
      results: [
        { id: 'first_review' as const, earned_at: '2026-11-20T10:00:00Z', progress: 1, goal: 1 },
        { id: 'ten_reviews' as const, earned_at: null, progress: 3, goal: 10 },
      ],
    }));
    const api = { achievements } as unknown as ReviewsApi;
    const model = createAchievementsModel({ api, showError: vi.fn<ShowError>(() => null) });
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.earned.value).toBe(1);
    expect(percent(model.achievements.value[1]!)).toBe(30);
  });

  it('caps the bar at 100 and draws a goal of 0 as empty', () => {
    expect(percent({ id: 'helpful_votes', earned_at: null, progress: 14, goal: 10 })).toBe(100);
    expect(percent({ id: 'helpful_votes', earned_at: null, progress: 0, goal: 0 })).toBe(0);
  });
});
