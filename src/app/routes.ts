/**
 * The route table of docs/product.md §2: every path, its screen's name, its layout and transition. Screens that
 * later issues build render the "not available yet" page. Allow lists for the guard are below.
 */

export type LayoutName = 'auth' | 'default' | 'error' | 'custom' | 'static' | 'empty' | 'deleted';
export type Transition = 'fade' | 'slide';

export type ScreenName =
  | 'Login'
  | 'LoginMobileTelegram'
  | 'LoginMobileTwitter'
  | 'Register'
  | 'OAuth'
  | 'ResetPassword'
  | 'MidOauth'
  | 'HelpCenter'
  | 'HelpCenterSingle'
  | 'UserComplains'
  | 'HelpCenterSingleMobile'
  | 'Home'
  | 'Pay'
  | 'Personal'
  | 'PersonalEdit'
  | 'PersonalEditPart'
  | 'PersonalAddress'
  | 'QrScanner'
  | 'Hissa'
  | 'ReviewsCompanies'
  | 'ReviewsMyCompanies'
  | 'ReviewsMyReviews'
  | 'ReviewsMyAchievements'
  | 'Security'
  | 'SecuritySecondaryPhone'
  | 'SecuritySecondaryEmail'
  | 'SecurityEditPhone'
  | 'SecurityEmail'
  | 'SecurityPassword'
  | 'SecurityResetPassword'
  | 'SecurityLoginMethods'
  | 'SecurityActiveSessions'
  | 'SecurityTwoStep'
  | 'Developers'
  | 'DevelopersNewApp'
  | 'DevelopersApp'
  | 'DevelopersGuide'
  | 'DeletedAccount'
  | 'Validation'
  | 'Version'
  | 'NotFound'
  | 'Embed';

export interface RouteDef {
  name: ScreenName;
  /** A wouter path, or a pattern for paths wouter's syntax cannot say. */
  path: string | RegExp;
  layout: LayoutName;
  transition?: Transition;
  /** Where the route sends the visitor instead of showing a screen. */
  redirect?: string;
  /** docs/product.md §6: only for deactivated users. */
  deactivatedOnly?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'Login', path: '/login', layout: 'auth', transition: 'fade' },
  { name: 'LoginMobileTelegram', path: '/login/mobile-telegram', layout: 'auth' },
  { name: 'LoginMobileTwitter', path: '/login/mobile-twitter', layout: 'auth' },
  { name: 'Register', path: '/register', layout: 'auth', transition: 'fade' },
  { name: 'OAuth', path: '/oauth', layout: 'auth', transition: 'fade' },
  { name: 'ResetPassword', path: '/reset-password', layout: 'auth', transition: 'fade' },
  { name: 'MidOauth', path: '/oauth/:provider/*?', layout: 'auth' },
  // The login widget's page inside a partner's frame (docs/product.md §12): no top bar.
  { name: 'Embed', path: '/embed', layout: 'empty' },

  { name: 'HelpCenter', path: '/help-center', layout: 'static', redirect: '/help-center/privacy-policy' },
  { name: 'UserComplains', path: '/help-center/my-complaints', layout: 'static' },
  { name: 'HelpCenterSingle', path: '/help-center/:id', layout: 'static' },
  { name: 'HelpCenterSingleMobile', path: /^\/mobile-(?<page>[^/]+)\/?$/, layout: 'custom' },

  { name: 'Home', path: '/', layout: 'default', transition: 'fade' },
  { name: 'Pay', path: '/pay', layout: 'default', transition: 'slide' },
  { name: 'Personal', path: '/personal', layout: 'default', transition: 'slide' },
  { name: 'PersonalEdit', path: '/personal/edit', layout: 'default', transition: 'slide' },
  // Kirish's pages that edit one thing each (issue 35: name, birth-date, gender, username, photo), under the
  // product's /personal/edit, which edits them all. One route: the sign-in page's script carries the table.
  { name: 'PersonalEditPart', path: '/personal/edit/:part', layout: 'default', transition: 'slide' },
  { name: 'PersonalAddress', path: '/personal/address', layout: 'default', transition: 'slide' },
  { name: 'QrScanner', path: '/personal/qr-scanner', layout: 'empty' },
  { name: 'Hissa', path: '/projects/hissa', layout: 'default', transition: 'slide' },

  { name: 'ReviewsCompanies', path: '/projects/review', layout: 'default', redirect: '/projects/review/my-companies' },
  { name: 'ReviewsMyCompanies', path: '/projects/review/my-companies', layout: 'default', transition: 'slide' },
  { name: 'ReviewsMyReviews', path: '/projects/review/my-reviews', layout: 'default', transition: 'slide' },
  { name: 'ReviewsMyAchievements', path: '/projects/review/my-achievements', layout: 'default', transition: 'slide' },

  { name: 'Security', path: '/security', layout: 'default', transition: 'slide' },
  {
    name: 'SecuritySecondaryPhone',
    path: '/security/user-data/secondary-phone',
    layout: 'default',
    transition: 'slide',
  },
  {
    name: 'SecuritySecondaryEmail',
    path: '/security/user-data/secondary-email',
    layout: 'default',
    transition: 'slide',
  },
  { name: 'SecurityEditPhone', path: '/security/user-data/edit-phone', layout: 'default', transition: 'slide' },
  { name: 'SecurityEmail', path: '/security/user-data/email', layout: 'default', transition: 'slide' },
  { name: 'SecurityPassword', path: '/security/user-data/password/', layout: 'default', transition: 'slide' },
  {
    name: 'SecurityResetPassword',
    path: '/security/user-data/reset-password/',
    layout: 'default',
    transition: 'slide',
  },
  { name: 'SecurityLoginMethods', path: '/security/login-methods/', layout: 'default', transition: 'slide' },
  { name: 'SecurityActiveSessions', path: '/security/active-sessions/', layout: 'default', transition: 'slide' },
  { name: 'SecurityTwoStep', path: '/security/two-step/', layout: 'default', transition: 'slide' },

  // Partners register their apps (issue 11); '/developers/new' and the partner guide (issue 34, open
  // to anyone: docs/partners.md) come before the app page's pattern, whose client ids start with `app_`.
  { name: 'Developers', path: '/developers', layout: 'default', transition: 'slide' },
  { name: 'DevelopersNewApp', path: '/developers/new', layout: 'default', transition: 'slide' },
  { name: 'DevelopersGuide', path: '/developers/guide', layout: 'static', transition: 'slide' },
  { name: 'DevelopersApp', path: '/developers/:clientId', layout: 'default', transition: 'slide' },

  { name: 'DeletedAccount', path: '/deleted-account', layout: 'deleted', deactivatedOnly: true },
  { name: 'Validation', path: '/validation', layout: 'empty' },
  { name: 'Version', path: '/version', layout: 'empty' },
];

export const NOT_FOUND: RouteDef = { name: 'NotFound', path: '/404', layout: 'error' };

/** Allow list 1: the auth routes, open to everyone and to deactivated users (docs/product.md §2 step 5, §6). */
export const AUTH_ROUTES: ReadonlySet<ScreenName> = new Set([
  'Login',
  'LoginMobileTelegram',
  'LoginMobileTwitter',
  'Register',
  'OAuth',
  'ResetPassword',
  'MidOauth',
  'Embed',
]);

/**
 * Allow list 2: open without signing in — help centre, mobile pages, /version and 404 (docs/product.md §6), and
 * the partner guide, which a developer reads before having an account.
 */
export const OPEN_ROUTES: ReadonlySet<ScreenName> = new Set([
  'HelpCenter',
  'HelpCenterSingle',
  'HelpCenterSingleMobile',
  'Version',
  'NotFound',
  'DevelopersGuide',
]);

export const HELP_CENTER_ROUTES: ReadonlySet<ScreenName> = new Set([
  'HelpCenter',
  'HelpCenterSingle',
  'UserComplains',
  'HelpCenterSingleMobile',
]);

/**
 * Whether a path is a help-centre page (HELP_CENTER_ROUTES' paths): a session that ends there leaves
 * the visitor on the page, signed out, instead of sending them to Login (docs/product.md §6: the help
 * centre is open to everyone). A plain test of the path, for main.tsx has no router to match with.
 */
export function isHelpCentrePath(pathname: string): boolean {
  return /^\/help-center(\/|$)/.test(pathname) || /^\/mobile-[^/]+\/?$/.test(pathname);
}

/** Strips a trailing slash (but not from "/") so /security/ and /security match alike. */
function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The route a path shows, and its parameters; the 404 route when none matches. */
export function matchRoute(
  pathname: string,
  matcher: (pattern: string, path: string) => Record<string, string> | null,
): { route: RouteDef; params: Record<string, string> } {
  for (const route of ROUTES) {
    if (route.path instanceof RegExp) {
      const match = route.path.exec(pathname);
      if (match) return { route, params: { ...match.groups } };
      continue;
    }
    const params = matcher(normalize(route.path), normalize(pathname));
    if (params) return { route, params };
  }
  return { route: NOT_FOUND, params: {} };
}
