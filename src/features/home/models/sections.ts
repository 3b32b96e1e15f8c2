import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import type { IconName } from '../../../components/icon';

/**
 * The account's sections Home lists. A section appears here when its screen exists: no "coming
 * soon" card ever reaches a person (the help centre joins when it is built);
 * src/app/home-sections.test.ts fails on a section whose route has no screen. Devices and
 * sessions is reached from Home's status (the active sessions row, with their number); Developers
 * from the account menu and the footer: Home is the consumer's page.
 */
export const SECTIONS: readonly { href: string; key: CatalogueKey; hint: CatalogueKey; icon: IconName }[] = [
  { href: '/personal', key: 'section_personal', hint: 'section_personal_hint', icon: 'user' },
  { href: '/security', key: 'section_security', hint: 'section_security_hint', icon: 'shield' },
  { href: '/pay', key: 'section_payments', hint: 'section_payments_hint', icon: 'credit-card' },
  // The user's other projects (issue 42): their reviews first, where most people start; Hissa.
  { href: '/projects/review/my-reviews', key: 'section_reviews', hint: 'section_reviews_hint', icon: 'message' },
  { href: '/projects/hissa', key: 'section_hissa', hint: 'section_hissa_hint', icon: 'users' },
];
