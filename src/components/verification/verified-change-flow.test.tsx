/**
 * The step-up of a contact change, as the person sees it: the step that asks for the current
 * password, or a code to the current phone, is titled "Confirm it's you" and says where the code
 * went, never the new contact's "Your new phone number".
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../lib/i18n';
import { ServicesContext, type Services } from '../../lib/services';
import { failure, fakeHttp, fakeShowError } from '../../lib/testing/fake-http';
import { useReactRoot } from '../../lib/testing/react-root';
import { createVerifiedChangeModel } from './verified-change-model';
import { VerifiedChangeFlow } from './verified-change-flow';

const view = useReactRoot();
const SSO = '/sso/api/v1';

const now = Date.parse('2026-11-27T08:00:00Z');

async function show() {
  const server = fakeHttp();
  const { showError } = fakeShowError();
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const model = createVerifiedChangeModel({
    api: { http: server.http, ssoApi: SSO, signInHeaders: () => ({}) },
    showError,
    now: () => now,
    announce: () => {},
    purpose: 'change_phone_verification',
    contactType: 'phone',
    needsProof: true,
    proofContact: { type: 'phone', value: '+998901234567' },
    submit: () => Promise.reject(new Error('not in this test')),
    onDone: () => {},
  });
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <VerifiedChangeFlow model={model} title={en.change_phone_new} submitLabel={en.confirm} onCancel={() => {}} />
      </ServicesContext.Provider>,
    ),
  );
  return { server, model };
}

const headings = () => [...view.host.querySelectorAll('h2')].map((heading) => heading.textContent);
const settle = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      check();
    },
    { timeout: 4000 },
  );

describe("a phone change's step-up", () => {
  it('asks for the current password under "Confirm it\'s you", not under the new number\'s title', async () => {
    await show();
    expect(headings()).toEqual([en.proof_title]);
    expect(view.host.textContent).not.toContain(en.change_phone_new);
    expect(view.host.textContent).toContain(en.proof_intro);
  });

  it('with a code instead, says the code went to the current phone, masked, still under "Confirm it\'s you"', async () => {
    const { server } = await show();
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, {
      message: 'code_send_to_phone',
      to: '+998 90 *** ** 67',
      expires_in: 300,
      resend_in: 60,
    });
    const useCode = [...view.host.querySelectorAll('button')].find((b) => b.textContent === en.proof_use_code);
    await act(async () => useCode?.click());
    await settle(() => expect(view.host.querySelector('input[autocomplete="one-time-code"]')).not.toBeNull());
    expect(headings()).toEqual([en.proof_title]);
    expect(view.host.textContent).not.toContain(en.change_phone_new);
    // The code's boxes are one group, described by the hint.
    const group = view.host.querySelector('[role="group"]:has(input[autocomplete="one-time-code"])');
    const hint = view.host.querySelector(`#${CSS.escape(group?.getAttribute('aria-describedby') ?? '')}`);
    // Held together by no-break spaces: the masked number never breaks across lines.
    expect(hint?.textContent).toBe('We sent a code by SMS to +998\u00a090\u00a0***\u00a0**\u00a067');
  });

  it('says a lock once: why beside the field, when in one live countdown, and when it is over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(now);
      const { server, model } = await show();
      server.fail('post', `${SSO}/user/security/proof/`, {
        ...failure(429, 'too_many_attempts_login'),
        headers: new Headers({ 'Retry-After': '28' }),
      });
      model.password.value = 'Not-it-2026';
      const submit = [...view.host.querySelectorAll('button')].find((b) => b.textContent === en.continue);
      await act(async () => submit?.click());
      const said = () => view.host.textContent ?? '';
      expect(view.host.querySelector('.field-error:not([hidden])')?.textContent).toBe(en.too_many_attempts_login);
      expect(said()).toContain(en.password_locked_in.replace('{{time}}', '0:28'));
      expect(said()).not.toMatch(/minute/);
      await act(async () => void vi.advanceTimersByTime(6000));
      expect(said()).toContain(en.password_locked_in.replace('{{time}}', '0:22'));
      await act(async () => void vi.advanceTimersByTime(22_000));
      expect(said()).not.toContain(en.password_locked_in.replace('{{time}}', '0:00'));
      expect(said()).toContain(en.login_unlocked);
    } finally {
      vi.useRealTimers();
    }
  });
});
