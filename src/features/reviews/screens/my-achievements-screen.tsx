/**
 * /projects/review/my-achievements (ReviewsMyAchievements, issue 42): each badge with its icon, title and
 * what earns it; an earned one says when, one on its way says how far ("3 of 10") with a progress bar.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { AchievementId } from '../../../../server/src/contract/reviews.js';
import { Icon, type IconName } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { When } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useNow } from '../../../lib/use-now';
import { useI18n } from '../../../lib/use-i18n';
import { reviewsApi } from '../api/reviews-api';
import { ReviewsTabs } from '../components/reviews-tabs';
import { createAchievementsModel, percent } from '../models/achievements-model';

const ICONS: Record<AchievementId, IconName> = {
  first_review: 'pencil',
  ten_reviews: 'message',
  photo_review: 'camera',
  helpful_votes: 'users',
  verified_identity: 'id-card',
  claimed_company: 'shield',
};

export default function MyAchievementsScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, showError } = useServices();
  const [model] = useState(() => createAchievementsModel({ api: reviewsApi(http), showError }));
  useEffect(() => void model.load(), [model]);
  const now = useNow(false);
  return (
    <div className="stack reviews">
      <ReviewsTabs current="/projects/review/my-achievements" />
      <h1>{i18n.t('title_reviews_my_achievements')}</h1>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' ? (
        <>
          <p>
            {i18n.t('reviews_achievements_count', {
              earned: model.earned.value,
              total: model.achievements.value.length,
            })}
          </p>
          <ul className="achievements">
            {model.achievements.value.map((item) => {
              const title = i18n.t(`reviews_achievement_${item.id}_title` as const);
              return (
                <li key={item.id} className={`panel achievement ${item.earned_at ? 'achievement-earned' : ''}`}>
                  <span className="achievement-icon">
                    <Icon name={ICONS[item.id]} />
                  </span>
                  <div className="stack">
                    <h2>{title}</h2>
                    <p>{i18n.t(`reviews_achievement_${item.id}_text` as const)}</p>
                    {item.earned_at ? (
                      <p className="review-meta">
                        <span className="badge badge-success">{i18n.t('reviews_earned')}</span>{' '}
                        <When at={item.earned_at} now={now} />
                      </p>
                    ) : (
                      <div className="achievement-progress">
                        <div
                          className="progress"
                          role="progressbar"
                          aria-label={title}
                          aria-valuemin={0}
                          aria-valuemax={item.goal}
                          aria-valuenow={item.progress}
                          aria-valuetext={i18n.t('reviews_progress', { progress: item.progress, goal: item.goal })}
                        >
                          <span style={{ width: `${percent(item)}%` }} />
                        </div>
                        <span>{i18n.t('reviews_progress', { progress: item.progress, goal: item.goal })}</span>
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
