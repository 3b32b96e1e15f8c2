/**
 * The providers the sign-in page offers under its card. None yet: the social sign-in issue fills
 * this from the server, with QR after them; while it is empty the row's code is never loaded.
 */
import type { SignInOption } from './components/sign-in-options';

export const OFFERED_SIGN_IN_PROVIDERS: readonly SignInOption[] = [];
