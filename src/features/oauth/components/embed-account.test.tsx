import { signal } from '@preact/signals-react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { userProfile } from '../../../lib/testing/user-profile';
import EmbedAccount from './embed-account';

const view = useReactRoot();

const aziz = userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { phone: '+998901112233' });

async function show(user: UserProfile | null, props: { done: boolean; popup?: boolean }) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const onContinue = vi.fn<() => void>();
  const onSwitch = vi.fn<() => void>();
  const services = { i18n, session: { user: signal(user) }, config: { imageCdn: '/cdn' } } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <EmbedAccount
          stage={props.done ? { name: 'done' } : { name: 'account' }}
          popup={props.popup ?? false}
          onContinue={onContinue}
          onSwitch={onSwitch}
        />
      </ServicesContext.Provider>,
    ),
  );
  return { onContinue, onSwitch };
}

const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);
const press = (label: string) =>
  act(() => [...view.host.querySelectorAll('button')].find((button) => button.textContent === label)?.click());

describe("the widget's kept session", () => {
  it('offers "Continue as" the account, with its name and phone, or another account', async () => {
    const { onContinue, onSwitch } = await show(aziz, { done: false });
    expect(view.host.textContent).toContain('Aziz Karimov');
    expect(view.host.textContent).toContain('90 111 22 33');
    expect(buttons()).toEqual(['Continue as Aziz', 'Use another account']);
    press('Continue as Aziz');
    expect(onContinue).toHaveBeenCalledTimes(1);
    press('Use another account');
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });
});

describe('the widget after a sign-in', () => {
  it('tells the popup it may close', async () => {
    await show(aziz, { done: true, popup: true });
    expect(view.host.textContent).toBe(en.embed_done_popup);
  });
});
