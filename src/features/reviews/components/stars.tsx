/**
 * A rating in halves drawn as five stars, and said as text ("4.5 of 5") for a screen reader; the stars
 * themselves are decorative.
 */
import { useI18n } from '../../../lib/use-i18n';

export type StarFill = 'full' | 'half' | 'empty';

/** Each of the five stars' fill for a rating (rounded down to a half). */
export function starFills(rating: number): StarFill[] {
  const halves = Math.floor(Math.max(0, Math.min(5, rating)) * 2);
  return [0, 1, 2, 3, 4].map((index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

export function Stars({ rating }: { rating: number }) {
  const i18n = useI18n();
  return (
    <span className="stars">
      <span aria-hidden="true">
        {starFills(rating).map((fill, index) => (
          <span key={index} className={`star star-${fill}`} />
        ))}
      </span>
      <span className="stars-text">{i18n.t('reviews_rating_text', { rating: String(rating) })}</span>
    </span>
  );
}
