import type { CatalogueKey } from '../../../server/src/contract/error-keys.js';
import type { IconName } from '../../components/icon';

/**
 * The account's sections Home lists. A section appears here when its screen exists: no "coming
 * soon" card ever reaches a person (payments, reviews and the help centre join when they are
 * built); src/app/home-sections.test.ts fails on a section whose route has no screen.
 */
export const SECTIONS: readonly { href: string; key: CatalogueKey; hint: CatalogueKey; icon: IconName }[] = [
  { href: '/personal', key: 'section_personal', hint: 'section_personal_hint', icon: 'user' },
  { href: '/security', key: 'section_security', hint: 'section_security_hint', icon: 'shield' },
  { href: '/security/active-sessions/', key: 'section_sessions', hint: 'section_sessions_hint', icon: 'devices' },
];
