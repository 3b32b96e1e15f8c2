/** "Verify e-mail": it says "We'll send a code" before the code is asked for and "We sent" only once it went. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { useReactRoot } from '../../../lib/testing/react-root';
import { VerifyEmail } from './verify-email';

const view = useReactRoot();
const SSO = '/sso/api/v1';
const EMAIL = 'zarina@example.uz';

const settle = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      check();
    },
    { timeout: 4000 },
  );

describe('verifying the main e-mail', () => {
  it('says "we will send" before, and "we sent" after the code went, never both', async () => {
    const server = fakeHttp();
    const { showError } = fakeShowError();
    const i18n = createI18n(() => Promise.resolve(en));
    await i18n.setLocale('en');
    const services = {
      i18n,
      http: server.http,
      config: { ssoApi: SSO, product: 'kirish' },
      showError,
      toasts: { show: () => undefined },
      session: { replaceUser: () => undefined },
      navigate: () => undefined,
    } as unknown as Services;
    await act(async () =>
      view.root.render(
        <ServicesContext.Provider value={services}>
          <VerifyEmail email={EMAIL} onChangeInstead={() => undefined} />
        </ServicesContext.Provider>,
      ),
    );
    const intro = en.email_verify_intro.replace('{{email}}', EMAIL);
    const sent = en.code_send_to_email.replace('{{to}}', 'za***@example.uz');
    expect(view.host.textContent).toContain(intro);
    expect(view.host.textContent).not.toContain(sent);

    server.answer('post', `${SSO}/auth/SendAuthEmailVerification/`, {
      message: 'code_send_to_email',
      to: 'za***@example.uz',
      expires_in: 300,
      resend_in: 60,
    });
    const verify = [...view.host.querySelectorAll('button')].find((b) => b.textContent === en.email_verify_action);
    await act(async () => verify?.click());
    await settle(() => expect(view.host.textContent).toContain(sent));
    expect(view.host.textContent).not.toContain(intro);
    expect(server.unexpected).toEqual([]);
  });
});
