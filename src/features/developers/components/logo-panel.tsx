/** An app's logo: upload (the profile photo's pipeline and limits), change or remove. */
import { useSignals } from '@preact/signals-react/runtime';
import { AppLogo } from '../../../components/app-logo';
import { ImagePicker } from '../../../components/image-picker';
import type { AppModel } from '../models/app-model';

export function LogoPanel({ model }: { model: AppModel }) {
  useSignals();
  const app = model.app.value;
  if (!app) return null;
  return (
    <ImagePicker
      className="panel"
      actionsClassName="stack-tight dev-logo-actions"
      image={<AppLogo name={app.name} logoUrl={app.logo_url} />}
      hasImage={app.logo_url !== null}
      error={model.actions.errors.value.logo}
      keys={{
        title: 'developers_logo_title',
        upload: 'developers_logo_upload',
        change: 'developers_logo_change',
        hint: 'developers_logo_hint',
        remove: 'developers_logo_remove',
        removeConfirm: 'developers_logo_remove_confirm',
        saved: 'developers_logo_saved',
        removed: 'developers_logo_removed',
      }}
      upload={(file) => model.uploadLogo(file)}
      remove={() => model.removeLogo()}
    />
  );
}
