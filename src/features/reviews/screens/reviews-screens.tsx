/**
 * The reviews section's pages in one chunk (issue 42), as the help centre's are: the page is read from the
 * path, so the entry, which every first visit loads, holds one import for the section, not one per page.
 */
import { useLocation } from 'wouter';
import MyAchievementsScreen from './my-achievements-screen';
import MyReviewsScreen from './my-reviews-screen';

export default function ReviewsScreens() {
  const [location] = useLocation();
  return location.startsWith('/projects/review/my-achievements') ? <MyAchievementsScreen /> : <MyReviewsScreen />;
}
