import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { useReactRoot } from '../../../lib/testing/react-root';
import { ServicesContext, type Services } from '../../../lib/services';
import { createSignInModel } from '../models/sign-in-model';
import { failure, fakeSession, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { SignInError } from './sign-in-error';

// First, so that its checks run after the unmount below.
const flow = useFlowFakes();
const view = useReactRoot();

async function refusedSignIn(key: string) {
  const model = createSignInModel({
    ...flow.deps,
    session: fakeSession([]).session,
    onSignedIn: () => Promise.resolve(),
  });
  flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(429, key));
  model.contact.value = { type: 'phone', value: '+998901234567' };
  model.password.value = 'correct horse';
  await model.submitPassword();
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = { i18n } as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <SignInError model={model} />
      </ServicesContext.Provider>,
    ),
  );
  return model;
}

describe('the sign-in error step', () => {
  it('says what happened under a heading that takes the focus', async () => {
    await refusedSignIn('device_login_last_24_hours_error');

    const heading = view.host.querySelector('h1');
    expect(heading?.textContent).toBe('We couldn’t sign you in');
    expect(document.activeElement).toBe(heading);
    expect(view.host.querySelector('p')?.textContent).toBe(en.device_login_last_24_hours_error);
  });

  it('goes back to the form with its one button', async () => {
    const model = await refusedSignIn('session_expired');
    expect(view.host.querySelector('p')?.textContent).toBe(en.session_expired);
    const button = view.host.querySelector('button');
    expect(button?.textContent).toBe('Try again');

    await act(async () => button?.click());

    expect(model.step.value).toBe('login');
    expect(model.failure.value).toBeNull();
  });
});
