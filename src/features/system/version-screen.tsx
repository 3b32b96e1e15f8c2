import { useServices } from '../../lib/services';
import { useI18n } from '../../lib/use-i18n';

/** /version: the build's version and commit. */
export default function VersionScreen() {
  const i18n = useI18n();
  const { config } = useServices();
  return (
    <div className="stack narrow">
      <h1>{i18n.t('version_title')}</h1>
      <dl className="facts version-facts">
        <dt>{i18n.t('version_title')}</dt>
        <dd data-testid="version">{config.version}</dd>
        <dt>{i18n.t('commit_label')}</dt>
        <dd data-testid="commit">{config.commit}</dd>
      </dl>
    </div>
  );
}
