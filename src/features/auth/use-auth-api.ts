import { useMemo } from 'react';
import { getCookie } from '../../lib/cookies';
import { useServices } from '../../lib/services';
import { productSourceCookie } from '../../lib/storage-keys';
import type { AuthApi } from './api/types';

/** The auth calls' dependencies, with SPEC §7's sign-in headers read at the moment of each call. */
export function useAuthApi(): AuthApi {
  const { http, config } = useServices();
  return useMemo(
    () => ({
      http,
      ssoApi: config.ssoApi,
      ssoApiV2: config.ssoApiV2,
      signInHeaders: () => {
        const headers: Record<string, string> = { source: 'web' };
        const productSource = getCookie(productSourceCookie(config.product));
        if (productSource) headers[`${config.product}-Source`] = productSource;
        const clientId = new URLSearchParams(location.search).get('client_id');
        if (clientId) headers.OauthClientId = clientId;
        return headers;
      },
    }),
    [http, config],
  );
}
