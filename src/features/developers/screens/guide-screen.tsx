/**
 * /developers/guide: the partner guide, docs/partners.md, as the site serves it (issue 34). The
 * markdown became HTML when the site was built (vite.config.ts, server/scripts/markdown.mjs), with
 * every text escaped; the page adds the site's chrome in the reader's language. The guide itself is
 * English, as the file is, and says so to a reader of another language.
 */
import { Link } from 'wouter';
import guide from '../../../../docs/partners.md';
import { useI18n } from '../../../lib/use-i18n';

export default function GuideScreen() {
  const i18n = useI18n();
  return (
    <div className="stack guide-page">
      <p>
        <Link href="/developers">← {i18n.t('developers_title')}</Link>
      </p>
      {i18n.locale.value === 'en' ? null : (
        <p className="notice" role="note">
          {i18n.t('developers_guide_language')}
        </p>
      )}
      {/* The build's own HTML of a file of this repository, escaped there: no text of a visitor's reaches it. */}
      <article className="guide" lang="en" dangerouslySetInnerHTML={{ __html: guide }} />
    </div>
  );
}
