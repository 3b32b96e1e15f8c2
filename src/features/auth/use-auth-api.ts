import { useMemo } from 'react';
import { productSourceHeaders } from '../../components/verification/contact';
import { useServices } from '../../lib/services';
import type { AuthApi } from './api/types';

/** The auth calls' dependencies, with docs/product.md §7's sign-in headers read at the moment of each call. */
export function useAuthApi(): AuthApi {
  const { http, config } = useServices();
  return useMemo(
    () => ({
      http,
      ssoApi: config.ssoApi,
      ssoApiV2: config.ssoApiV2,
      signInHeaders: () => {
        const headers: Record<string, string> = { source: 'web', ...productSourceHeaders(config.product) };
        const clientId = new URLSearchParams(location.search).get('client_id');
        if (clientId) headers.OauthClientId = clientId;
        return headers;
      },
    }),
    [http, config],
  );
}
