/**
 * The reviews section's pages in one chunk (issue 42), as the help centre's are: the page is read from the
 * path, so the entry, which every first visit loads, holds one import for the section, not one per page.
 */
import { useLocation } from 'wouter';
import MyAchievementsScreen from './my-achievements-screen';
import MyCompaniesScreen from './my-companies-screen';
import MyReviewsScreen from './my-reviews-screen';

export default function ReviewsScreens() {
  const [location] = useLocation();
  if (location.startsWith('/projects/review/my-achievements')) return <MyAchievementsScreen />;
  if (location.startsWith('/projects/review/my-companies')) return <MyCompaniesScreen />;
  return <MyReviewsScreen />;
}
