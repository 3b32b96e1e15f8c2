/** Each screen is its own chunk, loaded when its route is first shown. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName } from './routes';

type Screen = LazyExoticComponent<ComponentType>;

const notAvailable = lazy(() => import('../features/system/not-available-screen'));
// One chunk and one lazy component for both providers' pages: the page reads its provider from its path.
const mobileSocial = lazy(() => import('./mobile-social-route'));
// The help centre's two pages share their chunk and one lazy component: the page reads which it is from its path.
const help = lazy(() => import('../features/help/screens/help-screens'));
// The security centre's four contact pages too (features/security/screens/contact-change-screens.tsx).
const contactChange = lazy(() => import('../features/security/screens/contact-change-screens'));
// The reviews section's pages too (features/reviews/screens/reviews-screens.tsx).
const reviews = lazy(() => import('../features/reviews/screens/reviews-screens'));

const BUILT: Partial<Record<ScreenName, Screen>> = {
  Login: lazy(() => import('../features/auth/screens/login-screen')),
  Register: lazy(() => import('../features/auth/screens/register-screen')),
  ResetPassword: lazy(() => import('../features/auth/screens/reset-password-screen')),
  MidOauth: lazy(() => import('../features/auth/screens/mid-oauth-screen')),
  // A phone app's in-app browser signs in with one provider and takes back a code (docs/partners.md, Phone apps).
  LoginMobileTelegram: mobileSocial,
  LoginMobileTwitter: mobileSocial,
  OAuth: lazy(() => import('../features/oauth/screens/oauth-screen')),
  Embed: lazy(() => import('./embed-route')),
  // The help centre (issue 38): articles, and the same article for the phone apps' in-app browsers; one chunk.
  HelpCenterSingle: help,
  HelpCenterSingleMobile: help,
  // My complaints (issue 38): the table, a thread (?id=) and the form (?new=1), one screen of its own feature.
  UserComplains: lazy(() => import('../features/complaints/screens/complaints-screen')),
  // The reviews section (issue 42): its pages share one chunk and one lazy component.
  ReviewsMyReviews: reviews,
  ReviewsMyAchievements: reviews,
  ReviewsMyCompanies: reviews,
  // Hissa (issue 42): the mahalla's projects, one project with Contribute (?id=), my contributions (?mine=1).
  Hissa: lazy(() => import('../features/hissa/screens/hissa-screen')),
  Home: lazy(() => import('./home-route')),
  Pay: lazy(() => import('../features/payments/screens/pay-screen')),
  Personal: lazy(() => import('../features/personal/screens/personal-screen')),
  PersonalEdit: lazy(() => import('../features/personal/screens/personal-edit-screen')),
  PersonalEditPart: lazy(() => import('../features/personal/screens/profile-part-screens')),
  PersonalAddress: lazy(() => import('../features/personal/screens/personal-address-screen')),
  // The phone's side of sign-in by QR (issue 39): the auth feature's, beside Login's qr step.
  QrScanner: lazy(() => import('../features/auth/screens/qr-scanner-screen')),
  Security: lazy(() => import('../features/security/screens/security-screen')),
  SecurityPassword: lazy(() => import('../features/security/screens/change-password-screen')),
  SecurityResetPassword: lazy(() => import('../features/security/screens/reset-password-screen')),
  SecurityLoginMethods: lazy(() => import('../features/security/screens/login-methods-screen')),
  SecurityActiveSessions: lazy(() => import('../features/security/screens/active-sessions-screen')),
  SecurityTwoStep: lazy(() => import('../features/security/screens/two-step-screen')),
  SecuritySecondaryPhone: contactChange,
  SecuritySecondaryEmail: contactChange,
  SecurityEditPhone: contactChange,
  SecurityEmail: contactChange,
  Developers: lazy(() => import('../features/developers/screens/developers-screen')),
  DevelopersNewApp: lazy(() => import('../features/developers/screens/new-app-screen')),
  DevelopersApp: lazy(() => import('../features/developers/screens/app-screen')),
  DevelopersGuide: lazy(() => import('../features/developers/screens/guide-screen')),
  DeletedAccount: lazy(() => import('../features/account/deleted-account-screen')),
  Validation: lazy(() => import('../features/validation/screens/validation-screen')),
  Version: lazy(() => import('../features/system/version-screen')),
  NotFound: lazy(() => import('../features/system/not-found-screen')),
};

/** Whether the route's screen is built, rather than the "not available yet" page. */
export function hasScreen(name: ScreenName): boolean {
  return BUILT[name] !== undefined;
}

export function screenFor(name: ScreenName): Screen {
  return BUILT[name] ?? notAvailable;
}
