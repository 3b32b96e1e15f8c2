import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ValidationState } from '../../../../server/src/contract/validation.js';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { fakeHttp, fakeShowError, failure } from '../../../lib/testing/fake-http';
import { useReactRoot } from '../../../lib/testing/react-root';
import ValidationScreen from './validation-screen';

const SSO = '/sso/api/v1';
const PATH = `${SSO}/user/validation/`;
const EN: Record<string, string> = en;

const view = useReactRoot();

const state = (overrides: Partial<ValidationState> = {}): ValidationState => ({
  status: 'not_verified',
  reference: null,
  reason: null,
  updated_at: null,
  answer_expected_by: null,
  ...overrides,
});

async function shown(first: ValidationState, script: (server: ReturnType<typeof fakeHttp>) => void = () => {}) {
  const server = fakeHttp();
  server.answer('get', PATH, first);
  script(server);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const errors = fakeShowError();
  const services = {
    i18n,
    http: server.http,
    config: {
      ssoApi: SSO,
      validationAppLink: 'https://validation.example.uz/start',
      validationAppNameParam: 'app',
      product: 'kirish',
    },
    showError: errors.showError,
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <ValidationScreen />
      </ServicesContext.Provider>,
    ),
  );
  return { server, toasts: errors.toasts, text: () => view.host.textContent ?? '' };
}

const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);
const appLink = () => view.host.querySelector<HTMLAnchorElement>('a[target="_blank"]');

describe('the validation screen', () => {
  it('explains verification and, not verified, links the validation app with its app name and asks for a validation', async () => {
    const { server, text } = await shown(state(), (s) =>
      s.answer(
        'post',
        PATH,
        state({ status: 'in_moderation', reference: 'V-0123456789', answer_expected_by: '2026-11-28T09:00:00.000Z' }),
      ),
    );
    expect(text()).toContain(EN.validation_intro);
    expect(text()).toContain(EN.validation_documents_text);
    expect(text()).toContain(EN.verification_not_verified_text);
    expect(appLink()?.textContent).toBe(EN.validation_open_app);
    expect(appLink()?.href).toBe('https://validation.example.uz/start?app=kirish');
    expect(appLink()?.rel).toBe('noopener noreferrer');

    const request = [...view.host.querySelectorAll('button')].find((b) => b.textContent === EN.validation_request);
    await act(async () => request?.click());
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toContain(`post ${PATH}`);
    expect(text()).toContain(EN.verification_in_moderation_text);
    expect(text()).toContain('Request number: V-0123456789');
    expect(text()).toMatch(/Expect an answer by 28\.11\.2026 \d\d:\d\d\./);
    expect(buttons()).not.toContain(EN.validation_request);
    expect(server.unexpected).toEqual([]);
  });

  it('shows the reason of a failure and offers to try again', async () => {
    const { text } = await shown(state({ status: 'failed', reference: 'V-1', reason: 'The photo is blurred.' }));
    expect(text()).toContain(EN.verification_failed_text);
    expect(text()).toContain('Reason: The photo is blurred.');
    expect(buttons()).toContain(EN.validation_try_again);
  });

  it('verified: says so, with nothing to ask for', async () => {
    const { text } = await shown(state({ status: 'verified' }));
    expect(text()).toContain(EN.verification_verified_text);
    expect(buttons()).toEqual([]);
    expect(appLink()).toBeNull();
  });

  it('tells a refusal and shows the state the server has', async () => {
    const { toasts, text } = await shown(state(), (s) => {
      s.fail('post', PATH, failure(409, 'validation_already_in_moderation'));
      s.answer('get', PATH, state({ status: 'in_moderation', reference: 'V-2' }));
    });
    const request = [...view.host.querySelectorAll('button')].find((b) => b.textContent === EN.validation_request);
    await act(async () => request?.click());
    expect(toasts).toEqual(['validation_already_in_moderation']);
    expect(text()).toContain(EN.verification_in_moderation_text);
  });
});
