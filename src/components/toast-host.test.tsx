import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../lib/i18n';
import { ServicesContext, type Services } from '../lib/services';
import { createToasts, type ToastType } from '../lib/toasts';
import { useReactRoot } from '../lib/testing/react-root';
import { ToastHost } from './toast-host';

const view = useReactRoot();

/** The toasts shown, each as its icon, its announced type and its text. */
async function show(types: ToastType[]) {
  const toasts = createToasts({ set: () => setTimeout(() => undefined, 0), clear: () => undefined });
  for (const type of types) toasts.show(type, `${type} text`);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n, toasts } as unknown as Services}>
        <ToastHost />
      </ServicesContext.Provider>,
    ),
  );
  return [...view.host.querySelectorAll('.toast')].map((toast) => ({
    icon: toast.querySelector('.toast-icon')?.textContent,
    type: toast.querySelector('.visually-hidden')?.textContent,
    text: toast.querySelector('.toast-text')?.textContent,
    role: toast.getAttribute('role'),
  }));
}

describe('the toasts (docs/product.md §3, §8)', () => {
  it('give a warning and an error different icons, and say which is which', async () => {
    const [warning, error] = await show(['error', 'warning']);
    expect(warning).toMatchObject({ type: `${en.toast_warning}: `, text: 'warning text', role: 'status' });
    expect(error).toMatchObject({ type: `${en.toast_error}: `, text: 'error text', role: 'alert' });
    expect(warning?.icon).toBeTruthy();
    expect(error?.icon).toBeTruthy();
    expect(warning?.icon).not.toBe(error?.icon);
  });

  it('give each of the four types its own icon', async () => {
    const first = await show(['success', 'info', 'warning']);
    const error = await show(['error']);
    const icons = new Set([...first, ...error].map((toast) => toast.icon));
    expect(icons.size).toBe(4);
  });
});
