/**
 * For the security pages' component tests: renders a tree with the services a signed-in page uses
 * (English texts, a scripted server under /sso/api/v1, main.tsx's showError) and lets its first
 * loads settle.
 */
import { act, type ReactNode } from 'react';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import type { TestRoot } from '../../../lib/testing/react-root';

export const SSO = '/sso/api/v1';

export async function renderSignedIn(
  view: TestRoot,
  tree: ReactNode,
  script: (server: ReturnType<typeof fakeHttp>) => void,
): Promise<ReturnType<typeof fakeHttp>> {
  const server = fakeHttp();
  script(server);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = {
    i18n,
    http: server.http,
    config: { ssoApi: SSO },
    showError: fakeShowError().showError,
    toasts: { show: () => undefined },
  } as unknown as Services;
  await act(async () => view.root.render(<ServicesContext.Provider value={services}>{tree}</ServicesContext.Provider>));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return server;
}
