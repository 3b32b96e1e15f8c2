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
