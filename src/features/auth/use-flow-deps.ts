import type { CatalogueKey } from '../../../server/src/contract/error-keys.js';
import { useServices } from '../../lib/services';
import { useAuthApi } from './use-auth-api';

/** The dependencies every flow model takes, from the site's services. */
export function useFlowDeps() {
  const { showError, toasts, i18n, session } = useServices();
  return {
    api: useAuthApi(),
    session,
    showError,
    now: () => Date.now(),
    announce: (key: CatalogueKey, to: string) => toasts.show('success', i18n.t(key, { to })),
  };
}
