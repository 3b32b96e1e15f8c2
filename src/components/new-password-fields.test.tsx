import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { createForm } from '../lib/form';
import { createI18n } from '../lib/i18n';
import { ServicesContext, type Services } from '../lib/services';
import { useReactRoot } from '../lib/testing/react-root';
import { NewPasswordFields } from './new-password-fields';

const view = useReactRoot();

/** The texts the input's aria-describedby points at, as a screen reader reads them after its label. */
function described(input: HTMLInputElement) {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
}

/** The pair as every flow shows it, with a form whose errors the test sets as a model would. */
async function show() {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const form = createForm(() => null);
  const password = form.field('password', '');
  const again = form.field('password_again', '');
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <NewPasswordFields password={password} again={again} />
      </ServicesContext.Provider>,
    ),
  );
  const [first, second] = [...view.host.querySelectorAll('input')] as [HTMLInputElement, HTMLInputElement];
  return { form, password, first, second };
}

const hint = () => view.host.querySelector('.password-strength [aria-live]')?.textContent;

describe('the new password and its repeat', () => {
  it('are two labelled password inputs a password manager fills as a new password', async () => {
    const { first, second } = await show();
    expect([first.labels?.[0]?.textContent, second.labels?.[0]?.textContent]).toEqual([
      'New password',
      'Repeat password',
    ]);
    expect([first.type, second.type]).toEqual(['password', 'password']);
    expect([first.autocomplete, second.autocomplete]).toEqual(['new-password', 'new-password']);
    expect([first.name, second.name]).toEqual(['new-password', 'repeat-password']);
  });

  it('read the rule out with the first field, and each error with its own field', async () => {
    const { form, first, second } = await show();
    expect(described(first)).toEqual([en.password_hint]);
    expect(described(second)).toEqual([]);
    act(() => form.setError('password_again', 'passwords_do_not_match'));
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(described(second)).toEqual([en.passwords_do_not_match]);
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });

  it('show and hide each password with a named button', async () => {
    const { first, second } = await show();
    const toggle = view.host.querySelector<HTMLButtonElement>('button[aria-label="Show password"]');
    act(() => toggle?.click());
    expect([first.type, second.type]).toEqual(['text', 'password']);
    expect(view.host.querySelectorAll('button[aria-label="Hide password"]')).toHaveLength(1);
  });

  it('take what the person types into the model, clearing the field’s error', async () => {
    const { form, password, first } = await show();
    act(() => form.setError('password', 'password_too_short'));
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(first, 'long enough phrase');
      first.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(password.value).toBe('long enough phrase');
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });

  it('say how strong the password looks once it is long enough, and what to add, before the server judges it', async () => {
    const { form, password } = await show();
    act(() => password.set('passwor'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(hint()).toBeUndefined();
    act(() => password.set('password1'));
    await vi.waitFor(async () => {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
      expect(hint()).toBe(`${en.password_strength_weak} ${en.password_tip_pattern}`);
    });
    act(() => password.set('Samarqand-Registon-2026'));
    expect(hint()).toBe(en.password_strength_strong);
    // The server's own refusal, when it comes, is the one thing said.
    act(() => form.setError('password', 'password_too_common'));
    expect(hint()).toBeUndefined();
  });
});
