/**
 * The providers' row under the sign-in card (sign-in-options.tsx), declared once for the account site's
 * Login and Register (route-view.tsx) and the widget's frame (embed-route.tsx): its own chunk, so neither
 * first download pays for it (test/budget.test.ts), and one declaration, so the frame's pays no second one.
 */
import { lazy } from 'react';

export const SocialRow = lazy(() => import('../features/auth/components/sign-in-options'));
