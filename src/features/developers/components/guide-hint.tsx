import { Link } from 'wouter';
import { useI18n } from '../../../lib/use-i18n';

/** What the partner guide covers, and the way to it (/developers/guide, docs/partners.md). */
export function GuideHint({ text }: { text: string }) {
  const i18n = useI18n();
  return (
    <p className="muted">
      {text} <Link href="/developers/guide">{i18n.t('developers_guide_link')}</Link>
    </p>
  );
}
