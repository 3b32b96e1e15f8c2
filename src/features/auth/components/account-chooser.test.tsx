import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { createSignInModel } from '../models/sign-in-model';
import { deviceProfile, fakeFlowDeps, fakeSession, strictTests } from '../test-support/flow-fakes';
import { AccountChooser } from './account-chooser';
import { userProfile } from '../../../lib/testing/user-profile';

// React's act() warns through console.error unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let flow: ReturnType<typeof fakeFlowDeps>;
let root: Root;
let host: HTMLElement;

strictTests(() => flow.server.unexpected);
beforeEach(() => {
  flow = fakeFlowDeps();
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const leaving: UserProfile = userProfile('u-1', { first: 'Dilnoza', last: 'Yusupova' }, { phone: '+998901112233' });

async function render(signedOut: UserProfile | null) {
  const remaining = { ...deviceProfile('u-2'), first_name: 'Aziz', last_name: 'Karimov' };
  const { session } = fakeSession([remaining], undefined, signedOut);
  const model = createSignInModel({ ...flow.deps, session, onSignedIn: () => Promise.resolve() });
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  await act(async () =>
    root.render(
      <ServicesContext.Provider value={{ i18n, session } as unknown as Services}>
        <AccountChooser model={model} />
      </ServicesContext.Provider>,
    ),
  );
  return model;
}

describe('Login after signing one account out (SPEC §3 login step logout)', () => {
  it('says who was signed out, and offers the remaining accounts or another sign-in', async () => {
    const model = await render(leaving);

    expect(model.step.value).toBe('logout');
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe('You signed out of Dilnoza Yusupova');
    expect(document.activeElement).toBe(heading);
    expect(host.textContent).toContain(en.signed_out_choose);
    const accounts = [...host.querySelectorAll('button.account .account-name')].map((name) => name.textContent);
    expect(accounts).toEqual(['Aziz Karimov']);
    expect(host.querySelector('button:not(.account)')?.textContent).toBe(en.use_another_account);
  });

  it('goes to a new sign-in from there', async () => {
    const model = await render(leaving);
    const another = [...host.querySelectorAll('button')].find((button) => button.textContent === en.use_another_account);
    act(() => another?.click());
    expect(model.step.value).toBe('login');
  });

  it('only asks to choose when nobody was signed out just now', async () => {
    await render(null);
    expect(host.querySelector('h1')?.textContent).toBe(en.choose_account);
    expect(host.textContent).not.toContain(en.signed_out_choose);
    expect(document.activeElement).toBe(document.body);
  });
});
