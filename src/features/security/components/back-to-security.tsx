import { Link } from 'wouter';
import { useI18n } from '../../../lib/use-i18n';

/** The way back every page of the security centre starts with: "← Security". */
export function BackToSecurity() {
  const i18n = useI18n();
  return (
    <p>
      <Link href="/security">← {i18n.t('section_security')}</Link>
    </p>
  );
}
