import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createForm } from '../../../lib/form';
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import { createAppFields } from '../models/app-fields';
import { AppFormFields } from './app-form-fields';

const view = useReactRoot();

describe("the app form's name field", () => {
  it('lets in no more characters than the server takes, and the longest it lets in is accepted', async () => {
    const i18n = createI18n(() => Promise.resolve(en));
    await i18n.setLocale('en');
    const form = createForm(() => null);
    const fields = createAppFields(form);
    await act(async () =>
      view.root.render(
        <ServicesContext.Provider value={{ i18n } as unknown as Services}>
          <AppFormFields form={form} fields={fields} kindFixed={false} />
        </ServicesContext.Provider>,
      ),
    );
    const input = view.host.querySelector<HTMLInputElement>('input[name="name"]');
    // The server refuses a 61st character (app_name_too_long): the input stops at the 60th.
    expect(input?.maxLength).toBe(60);
    fields.set('name', 'b'.repeat(input?.maxLength ?? 0));
    fields.check();
    expect(form.errors.peek().name).toBeUndefined();
  });
});

const errorOf = (name: string) => {
  const control = view.host.querySelector(`[name="${name}"]`);
  const ids = control?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'))?.textContent;
};
const line = (n: number, value: string, problem: string) =>
  en.developers_line_problem.replace('{{line}}', String(n)).replace('{{value}}', value).replace('{{problem}}', problem);

describe('the app form on a submit with mistakes', () => {
  it('shows every problem at once: each field, and each wrong line of a list named with its own problem', async () => {
    const i18n = createI18n(() => Promise.resolve(en));
    await i18n.setLocale('en');
    const form = createForm(() => null);
    const fields = createAppFields(form);
    await act(async () =>
      view.root.render(
        <ServicesContext.Provider value={{ i18n } as unknown as Services}>
          <AppFormFields form={form} fields={fields} kindFixed={false} />
        </ServicesContext.Provider>,
      ),
    );
    await act(async () => {
      fields.set('home_page', 'https://bozor.uz/');
      fields.set('redirect_uris', 'http://example.com/cb\nhttps://bozor.uz/cb\nhttps://bozor.uz/*');
      fields.check();
    });
    expect(errorOf('name')).toBe(en.field_required);
    expect(errorOf('privacy_policy_url')).toBe(en.field_required);
    expect(errorOf('redirect_uris')?.split('\n')).toEqual([
      line(1, 'http://example.com/cb', en.redirect_uri_scheme_required),
      line(3, 'https://bozor.uz/*', en.uri_wildcard_not_allowed),
    ]);
  });
});
